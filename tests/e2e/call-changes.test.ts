import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBookCallPayload, type TimeSlot } from '#shared/booking.ts';
import { type CalendarDate, formatLongDate, formatTime, toIsoDate } from '#shared/calendar.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { freeSlots, postBooking } from '../support/booking.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { type Radicale, startRadicale } from '../support/radicale.ts';
import { signIn, staffApi, staffMember } from '../support/signed-in.ts';
import { linkIn, type ReceivedMail } from '../support/smtp.ts';
import { waitUntil } from '../support/wait.ts';

// A booked call moved to another time, by a member of staff from its page and by the visitor from their
// email's link: the visitor receives the new time with an updated invitation (the same UID, a higher
// SEQUENCE), and the adviser's CalDAV calendar (Debian's Radicale) shows the call once, at its new time.

const t = setUpSiteInBrowser({
  env: {
    CALENDAR_SECRET_KEY: 'a browser spec calendar key, 32+ characters',
    BOOKING_MAX_PER_ADDRESS_PER_DAY: '100',
    RATE_LIMIT_PER_MINUTE: '1000',
  },
});
const owner = 'olive.calls@fenwickhale.test';

let radicale: Radicale;
let calendarUrl: string;
let adviserId: number;
let slots: { date: CalendarDate; slot: TimeSlot }[];

beforeAll(async () => {
  radicale = await startRadicale();
  calendarUrl = await radicale.makeCalendar('ann-calls');
  await staffMember(t.site, owner);
  await t.site.db.updateTable('users').set({ name: 'Olive Hale' }).where('email', '=', owner).execute();
  await staffMember(t.site, 'ann.calls@fenwickhale.test', 'staff');
  const api = await staffApi(t.site, owner);
  expect(
    (await api.send('/advisers', { email: 'ann.calls@fenwickhale.test', displayName: 'Ann Fenwick' })).status,
  ).toBe(201);
  adviserId = (await api.json('/advisers')).advisers[0].id;
  const connect = {
    kind: 'caldav',
    url: calendarUrl,
    username: radicale.username,
    password: radicale.password,
  };
  expect((await api.send(`/advisers/${adviserId}/calendar`, connect, 'PUT')).status).toBe(200);
  await waitUntil(async () => (await api.json('/advisers')).advisers[0].calendar?.lastReadAt != null);
  slots = await freeSlots(t.site.url, 8);
});
afterAll(() => radicale?.stop());

const attachmentText = (content: ArrayBuffer | string | Uint8Array) =>
  typeof content === 'string' ? content : new TextDecoder().decode(content);
const invitationIn = (mail: ReceivedMail) =>
  mail.parsed.attachments
    .filter((a) => a.mimeType === 'text/calendar')
    .map((a) => attachmentText(a.content))
    .join('')
    .replace(/\r?\n /g, '');
/** An instant as iCalendar writes it in UTC: 20261201T093000Z. */
const utcStamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const spoken = ({ date, slot }: { date: CalendarDate; slot: TimeSlot }) =>
  `${formatLongDate(date)} at ${formatTime(slot.startHour, slot.startMinute)}`;

/** Books slot `n` for `email`; answers the call's reference and its confirmation, once it is in Ann's calendar. */
async function bookInAnnsCalendar(n: number, email: string) {
  const { date, slot } = slots[n] as { date: CalendarDate; slot: TimeSlot };
  expect((await postBooking(t.site.url, buildBookCallPayload(date, slot, email))).status).toBe(201);
  const confirmation = await t.site.smtp.waitFor((m) => m.to.includes(email));
  const reference = confirmation.parsed.text?.match(/^Reference: (\S+)$/m)?.[1] as string;
  await waitUntil(async () => (await radicale.objects(calendarUrl)).has(`${reference}.ics`), {
    timeoutMs: 20_000,
    what: () => `${reference} in the adviser's calendar`,
  });
  return { reference, confirmation };
}

/** Waits until Ann's calendar holds the call once, starting at `startsAt`, and answers its event. */
async function movedInAnnsCalendar(reference: string, startsAt: string) {
  let event = '';
  await waitUntil(
    async () => {
      const objects = await radicale.objects(calendarUrl);
      event = (objects.get(`${reference}.ics`) ?? '').replace(/\r?\n /g, '');
      return event.includes(`DTSTART:${utcStamp(startsAt)}`);
    },
    { timeoutMs: 20_000, what: () => `${reference} moved in the adviser's calendar:\n${event}` },
  );
  const copies = [...(await radicale.objects(calendarUrl)).values()].filter((ics) => ics.includes(reference));
  expect(copies).toHaveLength(1);
  return event;
}

describe('a call moved in Chromium', () => {
  for (const [index, width] of [375, 1280].entries()) {
    it(`moves a call from its page: the visitor is sent the new time and invitation, the adviser’s calendar follows (${width} px)`, async () => {
      const email = `moved.${width}@example.test`;
      const { reference, confirmation } = await bookInAnnsCalendar(index * 2, email);
      const target = slots[index * 2 + 1] as { date: CalendarDate; slot: TimeSlot };

      await t.page.setViewportSize({ width, height: 900 });
      await signIn(t.page, t.site, owner);
      await t.page.goto(`${t.site.url}/back-office/bookings/${reference}`);
      const changes = t.page.getByRole('region', { name: 'Change the call' });
      await changes.waitFor();
      expect(await accessibilityViolations(t.page)).toEqual([]);

      await changes.getByLabel('New day').fill(toIsoDate(target.date));
      const time = formatTime(target.slot.startHour, target.slot.startMinute);
      await changes.getByRole('radio', { name: time, exact: true }).check();
      await changes.getByRole('button', { name: 'Move the call' }).click();
      await t.page
        .getByRole('status')
        .getByText('The call has moved. The visitor has been emailed the new time and an updated invitation.')
        .waitFor();
      const timeline = t.page.getByRole('region', { name: 'Timeline' });
      await timeline.getByText(new RegExp(`^Rescheduled from .+ to ${spoken(target)} (GMT|BST)$`)).waitFor();
      await expect(timeline.textContent()).resolves.toContain('Rescheduled by Olive Hale');
      expect(await accessibilityViolations(t.page)).toEqual([]);
      // The page holds no wider than the screen.
      expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const mail = await t.site.smtp.waitFor(
        (m) =>
          m.to.includes(email) &&
          m.parsed.subject === `Your call with Fenwick & Hale has moved to ${spoken(target)}`,
      );
      const ics = invitationIn(mail);
      const before = invitationIn(confirmation);
      expect(ics).toContain('METHOD:REQUEST');
      expect(ics.match(/^UID:.+$/m)?.[0]).toBe(before.match(/^UID:.+$/m)?.[0]);
      expect(ics).toMatch(/^SEQUENCE:1$/m);

      const { startsAt } = await (await staffApi(t.site, owner)).json(`/bookings/${reference}`);
      expect(ics).toContain(`DTSTART:${utcStamp(startsAt)}`);
      const event = await movedInAnnsCalendar(reference, startsAt);
      expect(event).toMatch(/^SEQUENCE:1$/m);
      expect(event).toContain(ics.match(/^UID:.+$/m)?.[0]);
    });
  }

  for (const [index, width] of [375, 1280].entries()) {
    it(`lets the visitor move their call from the confirmation’s "Change the time" link (${width} px)`, async () => {
      const email = `moves.herself.${width}@example.test`;
      const { reference, confirmation } = await bookInAnnsCalendar(4 + index * 2, email);
      const target = slots[5 + index * 2] as { date: CalendarDate; slot: TimeSlot };

      await t.page.setViewportSize({ width, height: 900 });
      await t.page.goto(linkIn(confirmation, '/bookings/change'));
      const form = t.page.locator('form.change-call');
      await form.getByText('Your call with Ann Fenwick is on').waitFor();
      await form.locator('[role="grid"]:not([aria-busy="true"])').waitFor();
      expect(await accessibilityViolations(t.page)).toEqual([]);

      // The calendar opens on the call's own month; the new day may be in the next.
      const day = form.getByRole('button', { name: formatLongDate(target.date), exact: true });
      if (!(await day.isVisible())) await form.getByRole('button', { name: 'Next month' }).click();
      await day.click();
      const time = formatTime(target.slot.startHour, target.slot.startMinute);
      await form.getByRole('radio', { name: time, exact: true }).check();
      await form.getByRole('button', { name: 'Move my call' }).click();
      await t.page.getByText(`Your call has moved to ${spoken(target)}.`).waitFor();
      expect(await accessibilityViolations(t.page)).toEqual([]);

      const mail = await t.site.smtp.waitFor(
        (m) => m.to.includes(email) && /has moved to/.test(m.parsed.subject ?? ''),
      );
      expect(invitationIn(mail)).toMatch(/^SEQUENCE:1$/m);
      const { startsAt } = await (await staffApi(t.site, owner)).json(`/bookings/${reference}`);
      await movedInAnnsCalendar(reference, startsAt);
    });
  }
});

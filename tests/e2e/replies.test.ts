import { describe, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { firstBookableDate, postBooking } from '../support/booking.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { contact, post } from '../support/enquiries.ts';
import { signIn, staffApi } from '../support/signed-in.ts';

// A partner keeps the firm's wording as a saved reply; a colleague starts an email to a visitor from it
// on the person's page, its fields filled in (the one it cannot fill, by hand), and sends it: it arrives from the firm with Reply-To the
// colleague, and stays on the person's timeline.
const t = setUpSiteInBrowser();

describe('replies from inside in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`sends a reply started from a saved reply, which arrives and stays on the timeline (${width} px)`, async () => {
      const email = `reply.${width}@example.test`;
      expect((await post(t.site, '/contact-us-send', { ...contact(email), recToken: 'none' })).status).toBe(
        201,
      );
      const { date, slots } = await firstBookableDate(t.site.url);
      const slot = slots[width === 375 ? 0 : 1] ?? slots[0];
      expect((await postBooking(t.site.url, buildBookCallPayload(date, slot as never, email))).status).toBe(
        201,
      );
      const person = await t.site.db
        .selectFrom('people')
        .select('id')
        .where('email_key', '=', email)
        .executeTakeFirstOrThrow();
      const page = t.page;
      await page.setViewportSize({ width, height: 900 });

      // The partner's wording, kept on the Saved replies screen.
      const owner = `partner.${width}@fenwickhale.test`;
      await signIn(page, t.site, owner, 'owner', '/back-office/saved-replies');
      await page.getByRole('heading', { name: 'Saved replies', level: 1 }).waitFor();
      await hydrated(page);
      const added = page.getByRole('form', { name: 'A new saved reply' });
      await added.getByLabel('Name').fill(`Before the call ${width}`);
      await added.getByLabel('Subject').fill('Your call on {call date}');
      await added
        .getByLabel('Message')
        .fill('Dear {first name},\n\n{adviser} looks forward to speaking to you.');
      await added.getByRole('button', { name: 'Add saved reply' }).click();
      await page.getByRole('form', { name: `Before the call ${width}` }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      // A colleague replies from the person's page.
      const colleague = `replier.${width}@fenwickhale.test`;
      expect(
        (await (await staffApi(t.site, colleague, 'staff')).send('/me/name', { name: `Rae ${width}` }))
          .status,
      ).toBe(200);
      await page.context().clearCookies();
      await signIn(page, t.site, colleague, 'staff', `/back-office/people/${person.id}`);
      const reply = page.getByRole('region', { name: 'Reply by email' });
      await reply.getByRole('option', { name: `Before the call ${width}` }).waitFor({ state: 'attached' });
      await hydrated(page);
      await reply.getByLabel('Start from a saved reply').selectOption({ label: `Before the call ${width}` });
      await expect(reply.getByLabel('Subject').inputValue()).resolves.toMatch(
        /^Your call on \w+day \d+ \w+ \d{4} at /,
      );
      // The firm's calendar has no advisers: the page cannot fill in {adviser}, and says so until it is.
      const message = reply.getByLabel('Message');
      await expect(message.inputValue()).resolves.toBe(
        'Dear Amira,\n\n{adviser} looks forward to speaking to you.',
      );
      const unfilled = reply.getByText('Fill in {adviser} before sending: we do not know it.');
      await unfilled.waitFor();
      await message.fill('Dear Amira,\n\nAnn looks forward to speaking to you.');
      await unfilled.waitFor({ state: 'detached' });
      await reply.getByRole('button', { name: 'Send reply' }).click();
      await reply.getByRole('status').getByText(backOfficeMessages.replySent).waitFor();

      const mail = await t.site.smtp.waitFor(
        (m) => m.to.includes(email) && m.parsed.subject?.startsWith('Your call on') === true,
      );
      expect(mail.parsed.replyTo?.map((to) => to.address)).toEqual([colleague]);
      expect(mail.parsed.text).toContain(`Rae ${width}\nFenwick & Hale`);
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await timeline
        .getByRole('listitem')
        .filter({ hasText: `Reply by Rae ${width}` })
        .waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });
  }
});

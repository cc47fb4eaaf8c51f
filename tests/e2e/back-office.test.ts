import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { longDay } from '#client/features/back-office/format.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { formatDayMonthYear, toIsoDate } from '#shared/calendar.ts';
import { sha512Hex } from '#shared/password.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { postSignIn } from '../support/accounts.ts';
import { validApplication } from '../support/applications.ts';
import { openSection } from '../support/back-office-nav.ts';
import { firstBookableDate, postBooking, timesFor } from '../support/booking.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { contact, quote } from '../support/enquiries.ts';
import { fixturePassword, signIn as signInAs, staffMember } from '../support/signed-in.ts';
import { backOfficeClient, formToken } from '../support/staff.ts';

const t = setUpSiteInBrowser({ viewport: { width: 1280, height: 900 } });
const staffEmail = 'office.manager@fenwickhale.test';
const password = fixturePassword;

const postJson = (path: string, body: unknown) =>
  fetch(`${t.site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const signIn = (page: Page) => signInAs(page, t.site, staffEmail);

/** Types in a list's search; the list follows once typing pauses, and the URL holds the search. */
async function search(page: Page, text: string) {
  await page.getByLabel('Search').fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

describe('the back office in Chromium', () => {
  beforeAll(async () => {
    await staffMember(t.site, staffEmail);
  });

  it('sends an anonymous visitor to the login page', async () => {
    await t.page.goto(`${t.site.url}/back-office/contact-enquiries`);
    expect(new URL(t.page.url()).pathname).toBe('/login');
  });

  it('finds a new enquiry, changes its stage, adds a note shown as typed, and exports the list as CSV', async () => {
    const email = 'new.client@example.test';
    expect((await postJson('/contact-us-send', { ...contact(email), recToken: 'none' })).status).toBe(201);
    await signIn(t.page);
    expect(await accessibilityViolations(t.page)).toEqual([]);

    await openSection(t.page, 'Contact enquiries');
    await search(t.page, email);
    await t.page.getByRole('link', { name: 'Amira Shah' }).click();
    await t.page.getByRole('heading', { name: 'Contact enquiry from Amira Shah' }).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    // The address a staff notice links to (leads/back-office-link.ts) opens the lead too.
    const address = t.page.url();
    expect(new URL(address).pathname).toMatch(/^\/back-office\/enquiries\/[A-Z]+-[A-Z0-9]{3}-[A-Z0-9]{3}$/);
    await t.page.goto(address);
    await t.page.getByRole('heading', { name: 'Contact enquiry from Amira Shah' }).waitFor();
    // The number as typed, ringing from a phone or a softphone.
    await expect(t.page.getByRole('link', { name: '07700 900123' }).getAttribute('href')).resolves.toBe(
      'tel:+447700900123',
    );

    await t.page.getByLabel('Stage').selectOption('contacted');
    await t.page.getByRole('button', { name: 'Save stage' }).click();
    await t.page.getByRole('status').getByText('Stage saved.').waitFor();
    const note = '<img src=x onerror="document.title=1"> Rang back, sending a quote';
    await t.page.getByLabel('Add a note').fill(note);
    await t.page.getByRole('button', { name: 'Add note' }).click();
    await t.page.getByRole('status').getByText('Note added.').waitFor();
    const timeline = t.page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText(note).waitFor();
    await expect(timeline.locator('img').count()).resolves.toBe(0);
    await expect(timeline.textContent()).resolves.toContain('Contacted');

    await openSection(t.page, 'Contact enquiries');
    await t.page.getByLabel('Stage').selectOption('contacted');
    await t.page.waitForURL((url) => url.searchParams.get('stage') === 'contacted');
    await t.page.getByRole('link', { name: 'Amira Shah' }).waitFor();
    const [download] = await Promise.all([
      t.page.waitForEvent('download'),
      t.page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    // The byte order mark first, so that Excel reads the file as UTF-8.
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFReference,Name,Email,Organisation,Phone,Message,Asked to join the newsletter,Stage,Received',
    );
    expect(csv).toContain(`Amira Shah,${email},Dentist,07700 900123,`);
    expect(csv).toMatch(/,No,Contacted,\d{4}-\d\d-\d\d \d\d:\d\d \+0[01]:00\r\n$/);
    expect(t.errors).toEqual([]);
  });

  it("shows a quote request's answers under the form's questions, in words, without a stored key", async () => {
    const email = 'quote.words@example.test';
    const body = { ...quote(email), cost: 1250.5, quoted: 'Another firm: £900 a year', recToken: 'none' };
    expect((await postJson('/show-contact-send', body)).status).toBe(201);
    await signIn(t.page);
    await openSection(t.page, 'Quote requests');
    await search(t.page, email);
    await t.page.getByRole('link', { name: 'Amira Shah' }).click();
    await t.page.getByRole('heading', { name: 'Quote request from Amira Shah' }).waitFor();
    const fields = t.page.getByRole('main').locator('dl').first();
    const field = (label: string) => fields.locator('div', { has: t.page.getByText(label, { exact: true }) });
    expect(await field('Asked to join the newsletter').locator('dd').textContent()).toBe('Yes');
    expect(await field('Approximate annual turnover (£)').locator('dd').textContent()).toBe('£1,250.50');
    expect(await field('Have other firms quoted for this?').locator('dd').textContent()).toBe(
      'Another firm: £900 a year',
    );
    expect(await field('Which tax years is the quote for?').locator('dd').textContent()).toMatch(
      /^\d{4} to \d{4}, \d{4} to \d{4}$/,
    );
    // The reference is there to quote, at the foot of the page, not among the lead's details.
    expect(await fields.getByText('Reference', { exact: true }).count()).toBe(0);
    expect(await t.page.locator('.bo-reference').innerText()).toMatch(
      /^Reference [\w-]{10,} Copy\s+the reference$/,
    );
    for (const width of [375, 1280]) {
      await t.page.setViewportSize({ width, height: 900 });
      expect(await t.page.getByRole('main').innerText()).not.toMatch(/\b(optin|taxYears|cost|true|false)\b/);
      expect(await accessibilityViolations(t.page)).toEqual([]);
    }
    await t.page.setViewportSize({ width: 1280, height: 900 });
    expect(t.errors).toEqual([]);
  });

  it('shows a new call in the agenda and an application with its answers; cancelling the call frees its slot', async () => {
    const email = 'caller@example.test';
    const { date, slots } = await firstBookableDate(t.site.url);
    const slot = slots[0] as (typeof slots)[number];
    expect((await postBooking(t.site.url, buildBookCallPayload(date, slot, email))).status).toBe(201);
    expect(
      (
        await postJson('/forms/application-form', {
          ...validApplication,
          emailAddress: 'applicant@example.test',
        })
      ).status,
    ).toBe(201);
    await signIn(t.page);

    await openSection(t.page, 'Applications');
    await t.page.getByRole('link', { name: 'Priya Shah' }).click();
    await t.page.getByRole('heading', { name: 'Application from Priya Shah' }).waitFor();
    await t.page.getByText(validApplication.biggestFrustration).waitFor();

    await openSection(t.page, 'Calls');
    await search(t.page, email);
    const row = t.page.getByRole('row', { name: new RegExp(email) });
    await row.getByRole('link').click();
    await t.page.getByRole('heading', { name: /^Call on / }).waitFor();
    expect(await timesFor(t.site.url, date)).not.toContainEqual(slot);
    t.page.once('dialog', (dialog) => dialog.accept());
    await t.page.getByRole('button', { name: 'Cancel this call' }).click();
    await t.page.getByRole('status').getByText('Call cancelled. The visitor has been emailed.').waitFor();
    await t.page.getByText('Cancelled by the firm').waitFor();
    expect(await timesFor(t.site.url, date)).toContainEqual(slot);
    const cancellation = await t.site.smtp.waitFor(
      (m) => m.to.includes(email) && /^Cancelled/.test(m.parsed.subject ?? ''),
    );
    expect(cancellation.raw).toContain('METHOD:CANCEL');
    expect(t.errors).toEqual([]);
  });

  it('lists a new subscriber with the consent record', async () => {
    expect(
      (await postJson('/subscribe', { emailAddress: 'reader@example.test', submitMethod: '2' })).status,
    ).toBe(200);
    await signIn(t.page);
    await openSection(t.page, 'Subscribers');
    // The status in the words the subscriber's page and the CSV use, and the tab named after the screen.
    const row = t.page.getByRole('row').filter({ hasText: 'reader@example.test' });
    await row.getByRole('cell', { name: 'Waiting for them to confirm' }).waitFor();
    expect(await t.page.title()).toMatch(/^Subscribers \| Back office \| /);
    await t.page.getByRole('link', { name: 'reader@example.test' }).click();
    await t.page.getByRole('heading', { name: 'Consent record' }).waitFor();
    expect(await t.page.title()).toMatch(/^Subscriber \| Back office \| /);
    await t.page.getByRole('cell', { name: 'Signed up' }).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
  });

  it('changes the calendar at once when availability is edited', async () => {
    const { date } = await firstBookableDate(t.site.url);
    expect((await timesFor(t.site.url, date)).some((slot) => slot.startMinute === 30)).toBe(true);
    await signIn(t.page);
    await openSection(t.page, 'Availability');
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await t.page.getByLabel('Call length (minutes)').fill('60');
    await t.page.getByRole('button', { name: 'Save availability' }).click();
    await t.page.getByRole('status').getByText('Saved. The calendar offers the new times at once.').waitFor();
    const hourly = await timesFor(t.site.url, date);
    expect(hourly.length).toBeGreaterThan(0);
    expect(hourly.every((slot) => slot.startMinute === 0)).toBe(true);

    // The date is typed the British way, day/month/year, in the site's own date picker.
    await t.page.getByRole('textbox', { name: 'Date to block' }).fill(formatDayMonthYear(date));
    await t.page.getByLabel('Reason (optional)').fill('Team training');
    await t.page.getByRole('button', { name: 'Block date' }).click();
    const unblock = t.page.getByRole('button', { name: `Unblock ${longDay(toIsoDate(date))}`, exact: true });
    await unblock.waitFor();
    expect(await timesFor(t.site.url, date)).toEqual([]);
    await unblock.click();
    await t.page.getByText('No dates blocked.').waitFor();
    expect(await timesFor(t.site.url, date)).toEqual(hourly);

    await t.page.getByLabel('Call length (minutes)').fill('5');
    await t.page.getByRole('button', { name: 'Save availability' }).click();
    await t.page
      .getByRole('alert')
      .getByText('Call length: use a whole number of minutes from 10 to 240', { exact: true })
      .waitFor();
    await t.page.getByLabel('Call length (minutes)').fill('30');
    await t.page.getByRole('button', { name: 'Save availability' }).click();
    await t.page.getByRole('status').getByText('Saved.', { exact: false }).waitFor();
    // The page logs the refused save's 422 itself.
    expect(t.errors.filter((e) => !e.includes('422'))).toEqual([]);
  });

  it('exports everything about an address as JSON, then erases it', async () => {
    const email = 'leaving.client@example.test';
    expect((await postJson('/contact-us-send', { ...contact(email), recToken: 'none' })).status).toBe(201);
    await signIn(t.page);
    await openSection(t.page, 'Data protection');
    await t.page.getByRole('main').getByLabel('Email address').fill(email);
    const [download] = await Promise.all([
      t.page.waitForEvent('download'),
      t.page.getByRole('button', { name: 'Export as JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`personal-data-${email}.json`);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(exported.enquiries).toMatchObject([{ email, name: 'Amira Shah' }]);

    t.page.once('dialog', (dialog) => dialog.accept());
    await t.page.getByRole('button', { name: 'Erase' }).click();
    await t.page
      .getByRole('status')
      .getByText(new RegExp(`^Erased ${email.replaceAll('.', '\\.')}: 1 enquiry, .*audit entr`))
      .waitFor();
    expect(await t.page.getByRole('status').filter({ hasText: 'Erased' }).textContent()).not.toMatch(
      /[a-z][A-Z]|: 0\b/,
    );

    await openSection(t.page, 'Contact enquiries');
    await search(t.page, email);
    await t.page.getByText('Nothing matches these filters.').waitFor();
    await openSection(t.page, 'Staff');
    // The audit log records the erasure without naming the address it erased.
    const audit = t.page.getByRole('table').last();
    await audit
      .getByRole('row', { name: /erased the data held on \(erased [\w-]{12}\): 1 enquiry/ })
      .waitFor();
    expect(await audit.textContent()).not.toContain(email);
    expect(t.errors).toEqual([]);
  });

  it('shows staff actions in the audit log, older ones on request, and sign-ins with their address', async () => {
    // Thirty staff actions through the API, then failed sign-ins from this machine (the site does not
    // trust the proxy header here, so the address it records is the loopback's).
    const { cookie, token } = await formToken(t.site);
    const signedIn = await fetch(`${t.site.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.site.url, cookie },
      body: new URLSearchParams({ emailAddress: staffEmail, p: await sha512Hex(password), formToken: token }),
    });
    const session = signedIn.headers.getSetCookie()[0]?.split(';')[0] as string;
    const api = backOfficeClient(t.site, { cookies: `${cookie}; ${session}`, token });
    for (let i = 0; i < 15; i++) {
      await api.send('/blocked-dates', { date: '2031-05-05', reason: 'Audit' });
      await api.send('/blocked-dates/2031-05-05', undefined, 'DELETE');
    }
    for (const email of ['first.guess@example.test', 'second.guess@example.test']) {
      expect(await postSignIn(t.site, { email, password: 'Wrong1234', ip: 'ignored' })).toBe(
        '/login?notice=sign-in-failed',
      );
    }

    await signIn(t.page);
    await openSection(t.page, 'Staff');
    const audit = t.page.getByRole('table').last();
    const rows = audit.locator('tbody tr');
    await audit
      .getByRole('row', { name: `${staffEmail} opened Monday, 5 May 2031 again` })
      .first()
      .waitFor();
    expect(await rows.count()).toBe(25);
    expect(await audit.textContent()).not.toMatch(/sign(ed)? in/);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await t.page.getByRole('button', { name: 'Load older entries' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(25);

    await t.page.getByLabel('Show').selectOption({ label: 'Sign-ins and passwords' });
    await audit.getByRole('columnheader', { name: 'From (IP address)' }).waitFor();
    await audit
      .getByRole('row', {
        name: /Someone failed to sign in with an address that has no account 127\.0\.0\.1/,
      })
      .first()
      .waitFor();
    expect(await audit.textContent()).not.toContain('blocked');
    expect(t.errors).toEqual([]);
  });

  it('invites a member of staff and disables them', async () => {
    await signIn(t.page);
    await openSection(t.page, 'Staff');
    await t.page.getByLabel('Invite by email').fill('temp.help@fenwickhale.test');
    await t.page.getByLabel('Their name').fill('Temp Help');
    await t.page.getByRole('button', { name: 'Send invitation' }).click();
    await t.page.getByRole('status').getByText('Invitation sent', { exact: false }).waitFor();
    await t.site.smtp.waitFor((m) => m.to.includes('temp.help@fenwickhale.test'));
    t.page.once('dialog', (dialog) => dialog.accept());
    await t.page.getByRole('button', { name: 'Disable Temp Help' }).click();
    await t.page.getByRole('status').getByText('Disabled', { exact: false }).waitFor();
    await t.page.getByRole('row', { name: /temp\.help@fenwickhale\.test Disabled/ }).waitFor();
    expect(t.errors).toEqual([]);
  });
});

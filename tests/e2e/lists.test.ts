import { describe, expect, it } from 'vitest';
import { addDays, formatDayMonthYear, todayIn, toIsoDate } from '#shared/calendar.ts';
import { firmTimeZone } from '#shared/site-firm.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { contact } from '../support/enquiries.ts';
import { send } from '../support/http.ts';
import { signIn } from '../support/signed-in.ts';

// A list follows what is typed in its search without a button, keeps it in the address bar (so Back
// returns to the list before), and a lead page offers a reply with its subject filled in; on a phone too.

const t = setUpSiteInBrowser();
const staffEmail = 'lists@fenwickhale.test';

async function sendEnquiry(email: string) {
  const sent = await send(t.site, '/contact-us-send', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...contact(email), recToken: 'none' }),
  });
  expect(sent.status).toBe(201);
}

/**
 * Two enquiries, the list of them signed in, and the search typed letter by letter: only the one it
 * names stays, with no Apply button to press, and the address holds what was typed.
 */
async function searchAsYouType(width: number) {
  const page = t.page;
  const wanted = `typed.${width}@example.test`;
  const other = `other.${width}@example.test`;
  await sendEnquiry(wanted);
  await sendEnquiry(other);
  await signIn(page, t.site, staffEmail, 'owner', '/back-office/contact-enquiries');
  const row = (email: string) => page.getByRole('row', { name: new RegExp(email.replaceAll('.', '\\.')) });
  await row(other).waitFor();
  expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(0);

  await page.getByLabel('Search').pressSequentially(`typed.${width}`, { delay: 30 });
  // A pause between two keys on a busy machine applies what was typed so far ("t" already hides the
  // other row): the search is applied whole once the address holds all of it.
  await page.waitForURL((url) => url.searchParams.get('q') === `typed.${width}`);
  await row(other).waitFor({ state: 'detached' });
  await row(wanted).waitFor();
  return { wanted, other, row };
}

describe('lists in Chromium', () => {
  it('typing in the search filters the list without pressing anything, the URL holds it, Back undoes it, and a lead offers a reply by email', async () => {
    const page = t.page;
    const width = 1280;
    const { wanted, other, row } = await searchAsYouType(width);
    expect(await page.getByLabel('Search').inputValue()).toBe(`typed.${width}`);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goBack();
    await row(other).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBeNull();
    expect(await page.getByLabel('Search').inputValue()).toBe('');
    await page.goForward();
    await row(other).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Search').inputValue()).toBe(`typed.${width}`);

    await row(wanted).getByRole('link').click();
    await page.getByRole('heading', { name: 'Contact enquiry from Amira Shah' }).waitFor();
    const reply = page.getByRole('link', { name: 'Reply by email' });
    const href = (await reply.getAttribute('href')) ?? '';
    expect(href).toBe(`mailto:${wanted}?subject=Re%3A%20your%20enquiry%20to%20Fenwick%20%26%20Hale`);
    expect(new URL(href).searchParams.get('subject')).toBe('Re: your enquiry to Fenwick & Hale');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('a date typed into From applies once typing pauses, one that cannot be read clears the filter and says so, and unreadable filters in a link are left out with a note', async () => {
    const page = t.page;
    const width = 1280;
    const email = `dated.${width}@example.test`;
    await sendEnquiry(email);
    await signIn(
      page,
      t.site,
      staffEmail,
      'owner',
      `/back-office/contact-enquiries?q=${encodeURIComponent(email)}`,
    );
    const row = page.getByRole('row', { name: new RegExp(email.replaceAll('.', '\\.')) });
    await row.waitFor();
    const from = page.getByLabel('From', { exact: true });
    const fromInUrl = () => new URL(page.url()).searchParams.get('from');

    // Tomorrow, typed whole: the list follows without leaving the field.
    const tomorrow = addDays(todayIn(firmTimeZone), 1);
    await from.pressSequentially(formatDayMonthYear(tomorrow), { delay: 30 });
    await page.waitForURL((url) => url.searchParams.get('from') === toIsoDate(tomorrow));
    await page.getByText('Nothing matches these filters.').waitFor();
    await expect(from.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Not a date, typed whole: without leaving the field, the list is no longer filtered by the date
    // before, and the field says why.
    await from.fill('');
    await from.pressSequentially('31/13/2026', { delay: 30 });
    await page
      .getByText(
        'From must be a date written as day/month/year, for example 23/11/2026. Until it is, the list is not filtered by this date.',
      )
      .waitFor();
    await row.waitFor();
    expect(fromInUrl()).toBeNull();
    await expect(from.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(from.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // A link with filters the list cannot read still shows the list, without them, and says so.
    await page.goto(
      `${t.site.url}/back-office/contact-enquiries?q=${encodeURIComponent(email)}&stage=bogus&from=xx&order=weird`,
    );
    await row.waitFor();
    await page
      .getByText('The link held filters that could not be read, so they are not applied: Stage, From, Order.')
      .waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await expect(page.getByLabel('Search').inputValue()).resolves.toBe(email);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('on a phone, typing in the search filters the list and a date typed into From applies, with nothing wider than the screen', async () => {
    const page = t.page;
    const width = 375;
    await page.setViewportSize({ width, height: 900 });
    await searchAsYouType(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await accessibilityViolations(page)).toEqual([]);

    const tomorrow = addDays(todayIn(firmTimeZone), 1);
    await page
      .getByLabel('From', { exact: true })
      .pressSequentially(formatDayMonthYear(tomorrow), { delay: 30 });
    await page.waitForURL((url) => url.searchParams.get('from') === toIsoDate(tomorrow));
    await page.getByText('Nothing matches these filters.').waitFor();
    expect(t.errors).toEqual([]);
  });
});

import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { adviserMessages } from '#shared/adviser-messages.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { firstBookableDate, postBooking } from '../support/booking.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { signIn, staffApi, staffMember } from '../support/signed-in.ts';

// The Advisers screen: an owner makes a member of staff an adviser, gives them their own hours, connects
// an ICS feed, and sees when it was last read and why a read failed, which calls have not reached their
// calendar, and that a disabled staff account is not offered; on a phone, the adviser's card fits.
const t = setUpSiteInBrowser({ env: { CALENDAR_SECRET_KEY: 'a browser spec calendar key, 32+ characters' } });

/** Changes the running site's SQLite database as the calendar sync would: the site reads it on each request. */
function changeDatabase(change: (db: Database.Database) => void) {
  const db = new Database(path.join(t.site.dataDir, 'site.db'));
  try {
    db.pragma('busy_timeout = 5000');
    change(db);
  } finally {
    db.close();
  }
}

describe('the Advisers screen in Chromium', () => {
  it('adds an adviser, sets their hours, connects an ICS feed, shows its state with an error, names them on their calls, shows a waiting write and a disabled account', async () => {
    const width = 1280;
    const owner = `olive.advisers.${width}@fenwickhale.test`;
    const staff = `ann.advisers.${width}@fenwickhale.test`;
    const name = `Ann Fenwick ${width}`;
    await staffMember(t.site, staff, 'staff');
    const page = t.page;
    await signIn(page, t.site, owner, 'owner', '/back-office/advisers');
    await page.getByRole('heading', { name: 'Advisers', level: 1 }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Member of staff').selectOption(staff);
    await page.getByLabel('Name shown to visitors').fill(name);
    await page.getByLabel('Introduction (optional, one line)').fill('Sole traders and landlords.');
    await page.getByRole('button', { name: 'Add adviser' }).click();
    await page.getByRole('status').getByText(adviserMessages.added).waitFor();
    const card = page.getByRole('article', { name });
    await expect.poll(() => card.getByText('Sole traders and landlords.').count()).toBe(1);
    expect(await card.getByText('The firm’s hours').count()).toBe(1);

    await card.getByRole('button', { name: `Set hours for ${name}` }).click();
    await card.getByLabel('Their own hours').check();
    await card.getByLabel('Monday, first period, Start', { exact: true }).fill('10:00');
    await card.getByLabel('Call length (minutes)').fill('45');
    expect(await accessibilityViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Save hours' }).click();
    await page.getByRole('status').getByText(adviserMessages.saved).waitFor();
    await card.getByText('Mon 10:00–17:00; Tue 09:00–17:00').waitFor();
    expect(await card.getByText('45 minutes').count()).toBe(1);

    await card.getByRole('button', { name: `Connect a calendar for ${name}` }).click();
    await card.getByLabel('Feed address').fill(`https://feeds.example.test/private-${width}/basic.ics`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Connect calendar' }).click();
    await page.getByRole('status').getByText(adviserMessages.connected).waitFor();
    await card.getByText('ICS feed on feeds.example.test. Not read yet.').waitFor();
    await card
      .getByText(/^Not offering times: the calendar has not been read since it was connected/)
      .waitFor();

    // The sync read it five minutes ago, and its last try failed: shown in words, and still offered.
    changeDatabase((db) =>
      db
        .prepare(
          `update adviser_calendars set last_success_at = ?, last_attempt_at = ?, last_error = ?
             where adviser_id = (select advisers.id from advisers join users on users.id = advisers.user_id
                                 where users.email = ?)`,
        )
        .run(
          new Date(Date.now() - 5 * 60_000).toISOString(),
          new Date().toISOString(),
          'The feed’s server answered 500 (a fault at its end).',
          staff,
        ),
    );
    await page.reload();
    await card.getByText('ICS feed on feeds.example.test. Last read 5 minutes ago.').waitFor();
    await card
      .getByText('The last read failed: The feed’s server answered 500 (a fault at its end).')
      .waitFor();
    expect(await card.getByText(/^Not offering times/).count()).toBe(0);
    expect(await page.content()).not.toContain(`private-${width}`);
    expect(await accessibilityViolations(page)).toEqual([]);

    // A call this adviser takes names them on its page and in the agenda.
    const caller = `caller.advisers.${width}@example.test`;
    const { date, slots } = await firstBookableDate(t.site.url);
    expect(
      (await postBooking(t.site.url, buildBookCallPayload(date, slots[0] as never, caller))).status,
    ).toBe(201);
    let reference = '';
    changeDatabase((db) => {
      db.prepare(
        `update bookings set adviser_id = (select advisers.id from advisers join users on users.id = advisers.user_id
                                              where users.email = ?) where email = ?`,
      ).run(staff, caller);
      reference = (
        db.prepare('select reference from bookings where email = ?').get(caller) as { reference: string }
      ).reference;
    });
    await page.goto(`${t.site.url}/back-office/bookings/${reference}`);
    await page.getByRole('definition').filter({ hasText: name }).waitFor();
    await page.goto(`${t.site.url}/back-office/bookings?q=${encodeURIComponent(caller)}`);
    await page.getByRole('main').getByText(name, { exact: true }).first().waitFor();

    // Its write into the adviser's calendar is waiting on a server that is down (not due again yet).
    const refused = 'Could not reach the calendar server: it refused the connection.';
    changeDatabase((db) =>
      db
        .prepare(
          `insert into calendar_writes (booking_id, adviser_id, action, status, attempts, next_attempt_at,
                                          last_error, created_at)
             select id, adviser_id, 'add', 'pending', 2, '2099-01-01T00:00:00.000Z', ?, ? from bookings
             where email = ?`,
        )
        .run(refused, new Date().toISOString(), caller),
    );
    await page.goto(`${t.site.url}/back-office/bookings/${reference}`);
    await page
      .getByRole('definition')
      .filter({
        hasText: `Waiting to be written into their calendar; it is tried again automatically. The last error: ${refused}`,
      })
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Her staff account is disabled: she is not offered, and the screen says why.
    const owners = await staffApi(t.site, owner);
    expect((await owners.send('/staff/disable', { email: staff })).status).toBe(200);
    await page.goto(`${t.site.url}/back-office/advisers`);
    await card
      .getByText('1 call is waiting to be written into (or taken out of) their calendar', { exact: false })
      .waitFor();
    await card.getByText(`The last error: ${refused}`).waitFor();
    await card.getByRole('definition').filter({ hasText: 'No (their staff account is disabled)' }).waitFor();
    expect(await card.getByRole('heading', { name: `${name} (staff account disabled)` }).count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('adds an adviser on a phone, their card and its hours and calendar forms no wider than the screen', async () => {
    const width = 375;
    const staff = 'ann.advisers.375@fenwickhale.test';
    const name = 'Ann Fenwick 375';
    await staffMember(t.site, staff, 'staff');
    const page = t.page;
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, t.site, 'olive.advisers.375@fenwickhale.test', 'owner', '/back-office/advisers');
    await page.getByRole('heading', { name: 'Advisers', level: 1 }).waitFor();
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(width);

    await page.getByLabel('Member of staff').selectOption(staff);
    await page.getByLabel('Name shown to visitors').fill(name);
    await page.getByRole('button', { name: 'Add adviser' }).click();
    await page.getByRole('status').getByText(adviserMessages.added).waitFor();
    const card = page.getByRole('article', { name });
    await card.getByText('The firm’s hours').waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(width);
    expect(await accessibilityViolations(page)).toEqual([]);

    await card.getByRole('button', { name: `Set hours for ${name}` }).click();
    await card.getByLabel('Their own hours').check();
    await card.getByLabel('Monday, first period, Start', { exact: true }).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(width);
    expect(await accessibilityViolations(page)).toEqual([]);
    await card.getByRole('button', { name: `Connect a calendar for ${name}` }).click();
    await card.getByLabel('Feed address').waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(width);
    expect(t.errors).toEqual([]);
  });
});

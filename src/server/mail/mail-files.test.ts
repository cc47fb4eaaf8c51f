import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadRegistry } from '#server/lead-registry.ts';
import { runRetention } from '#server/retention/job.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post } from '#tests/support/enquiries.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { mailFiles } from './mail-files.ts';
import { countByStatus } from './outbox.ts';

// Without SMTP_URL every email is an .eml file in MAIL_DIR: the visitor's acknowledgement, and the staff
// notice holding their name, phone and message. An erasure removes the files that name the person, and
// the retention job removes every file as old as the outbox rows it keeps no longer (30 days).

const day = 86_400_000;

describeEachDatabase('emails written to MAIL_DIR', (database) => {
  let site: TestApp;
  let staff: { cookies: string; token: string };
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000' }, clock });
    staff = await signedInStaff(site, 'gwen@fenwickhale.test');
  });
  afterAll(async () => site?.close());

  const allSent = () => waitUntil(async () => (await countByStatus(site.db)).pending === 0);
  /** The files in MAIL_DIR whose text holds any of `needles`. */
  const filesHolding = (needles: string[]) =>
    readdirSync(site.config.mailDir).filter((name) => {
      const text = readFileSync(path.join(site.config.mailDir, name), 'latin1').toLowerCase();
      return needles.some((needle) => text.includes(needle.toLowerCase()));
    });

  it('an erasure removes the files naming the person, and leaves the others', async () => {
    const erased = { ...contact('Orla.Bright@Example.test'), name: 'Orla Bright', phone: '07700 900987' };
    const other = { ...contact('kept.person@example.test'), name: 'Kept Person', phone: '07700 900321' };
    for (const typed of [erased, other]) {
      expect((await post(site, '/contact-us-send', { ...typed, recToken: 'none' })).status).toBe(201);
    }
    await allSent();
    // The acknowledgement to each, and the staff notice about each.
    expect(filesHolding(['orla.bright@example.test'])).toHaveLength(2);
    expect(filesHolding(['kept.person@example.test'])).toHaveLength(2);

    const answer = await backOfficeClient(site, staff).send('/data-protection/erase', {
      email: 'orla.bright@example.test',
    });
    expect(answer.status).toBe(200);
    expect((await answer.json()).erased).toMatchObject({ mailFiles: 2 });

    expect(filesHolding(['orla.bright@example.test', 'Orla Bright', '07700 900987'])).toEqual([]);
    expect(filesHolding(['kept.person@example.test'])).toHaveLength(2);
  });

  it('the retention job removes every file over 30 days old, recorded or not, and keeps younger ones', async () => {
    expect(
      (await post(site, '/contact-us-send', { ...contact('old.mail@example.test'), recToken: 'none' }))
        .status,
    ).toBe(201);
    await allSent();
    // A file written before the site recorded its files: found by the time its name starts with.
    const unrecorded = `${Date.now() - 40 * day}-outbox-1-1@example.test.eml`;
    writeFileSync(path.join(site.config.mailDir, unrecorded), 'To: someone@example.test\n\nHello');
    offsetMs = 20 * day;
    expect(
      (await post(site, '/contact-us-send', { ...contact('young.mail@example.test'), recToken: 'none' }))
        .status,
    ).toBe(201);
    await allSent();
    const before = readdirSync(site.config.mailDir).length;

    offsetMs = 31 * day;
    const outcome = await runRetention(site.db, leadRegistry(), {
      months: 24,
      now: clock(),
      via: 'schedule',
      secret: site.config.sessionSecret,
      mailFiles: mailFiles(site.config.mailDir, site.config.sessionSecret),
    });

    expect(outcome.ran).toBe(true);
    const left = readdirSync(site.config.mailDir);
    expect(left).not.toContain(unrecorded);
    expect(filesHolding(['old.mail@example.test', 'kept.person@example.test'])).toEqual([]);
    expect(filesHolding(['young.mail@example.test'])).toHaveLength(2);
    expect(left.length).toBeLessThan(before);
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupMessages } from '#shared/api/setup.ts';
import { addAdviserTo } from '#tests/support/advisers.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';

describeEachDatabase('the set-up checklist', (database) => {
  let site: TestApp;
  let owner: ReturnType<typeof backOfficeClient>;
  let staff: ReturnType<typeof backOfficeClient>;
  beforeAll(async () => {
    site = await startTestApp({ database });
    owner = backOfficeClient(site, await signedInStaff(site, 'partner@fenwickhale.test', 'owner'));
    staff = backOfficeClient(site, await signedInStaff(site, 'reception@fenwickhale.test', 'staff'));
  });
  afterAll(() => site?.close());

  const done = async () =>
    Object.fromEntries(
      ((await owner.json('/setup')).steps as { step: string; done: boolean }[]).map((s) => [s.step, s.done]),
    );

  it('ticks what the site sees done: the demo seed’s details are not the firm’s own', async () => {
    expect(await done()).toEqual({
      firm: false,
      adviser: false,
      'test-email': false,
      'bot-check': false,
      backups: false,
    });
    const { details, version } = await owner.json('/firm');
    expect((await owner.send('/firm', { details, basedOn: version }, 'PUT')).status).toBe(200);
    expect((await done()).firm).toBe(false);
    const own = { ...details, phone: '01743 000111' };
    expect((await owner.send('/firm', { details: own, basedOn: version }, 'PUT')).status).toBe(200);
    await addAdviserTo(site.db, 'adviser@fenwickhale.test', 'Priya Shah');
    expect(await done()).toMatchObject({ firm: true, adviser: true, 'bot-check': false });
  });

  it('sends the owner a test email as every email goes, and ticks it once the owner says it arrived', async () => {
    const sent = await owner.send('/setup/test-email');
    expect((await sent.json()).infoMessages).toEqual([
      setupMessages.testEmailSent('partner@fenwickhale.test'),
    ]);
    const testMail = () =>
      site.db
        .selectFrom('outbox_messages')
        .select(['recipient', 'subject', 'status'])
        .where('kind', '=', 'setup-test-email')
        .executeTakeFirst();
    await waitUntil(async () => (await testMail())?.status === 'sent');
    expect(await testMail()).toMatchObject({
      recipient: 'partner@fenwickhale.test',
      subject: 'A test email from the Fenwick & Hale website',
    });
    expect((await done())['test-email']).toBe(false);
    expect((await owner.send('/setup/steps/test-email')).status).toBe(200);
    // Without BACKUP_DIR the site takes no backups itself: the owner says they are in place.
    expect((await owner.send('/setup/steps/backups')).status).toBe(200);
    expect(await done()).toMatchObject({ 'test-email': true, backups: true });
  });

  it('refuses to tick by hand what the site checks, and is for owners only', async () => {
    const refused = await owner.send('/setup/steps/bot-check');
    expect(refused.status).toBe(422);
    expect((await refused.json()).errorMessages).toEqual([setupMessages.checkedBySite]);
    expect((await done())['bot-check']).toBe(false);
    expect((await staff.get('/setup')).status).toBe(403);
    expect((await staff.send('/setup/test-email')).status).toBe(403);
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupMessages } from '#shared/api/setup.ts';
import { addAdviserTo } from '#tests/support/advisers.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

describeEachDatabase('the set-up checklist', (database) => {
  let site: TestApp;
  let owner: ReturnType<typeof backOfficeClient>;
  let staff: ReturnType<typeof backOfficeClient>;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({ database, env: { SMTP_URL: smtp.url } });
    owner = backOfficeClient(site, await signedInStaff(site, 'partner@fenwickhale.test', 'owner'));
    staff = backOfficeClient(site, await signedInStaff(site, 'reception@fenwickhale.test', 'staff'));
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

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
    const early = await owner.send('/setup/steps/test-email');
    expect(early.status).toBe(422);
    expect((await early.json()).errorMessages).toEqual([setupMessages.sendTestEmailFirst]);
    const sent = await owner.send('/setup/test-email');
    expect((await sent.json()).infoMessages).toEqual([
      setupMessages.testEmailSent('partner@fenwickhale.test'),
    ]);
    const mail = await smtp.waitFor((m) => m.to.includes('partner@fenwickhale.test'));
    expect(mail.parsed.subject).toBe('A test email from the Fenwick & Hale website');
    expect((await done())['test-email']).toBe(false);
    expect((await owner.send('/setup/steps/test-email')).status).toBe(200);
    // Without BACKUP_DIR the site takes no backups itself: the owner says they are in place.
    expect((await owner.send('/setup/steps/backups')).status).toBe(200);
    expect(await done()).toMatchObject({ 'test-email': true, backups: true });
  });

  it('says when no mail server is set that the test email only went to a file, and cannot be ticked', async () => {
    const unsent = await startTestApp({ database });
    try {
      const partner = backOfficeClient(unsent, await signedInStaff(unsent, 'partner@fenwickhale.test'));
      const kept = await partner.send('/setup/test-email');
      expect((await kept.json()).infoMessages).toEqual([
        setupMessages.testEmailKept('partner@fenwickhale.test'),
      ]);
      const refused = await partner.send('/setup/steps/test-email');
      expect(refused.status).toBe(422);
      expect((await refused.json()).errorMessages).toEqual([setupMessages.noMailServer]);
    } finally {
      await unsent.close();
    }
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

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { refuseAuditEntries } from '#tests/support/failing-audit.ts';
import { send } from '#tests/support/http.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, createStaff, signedInStaff, signInThroughLogin } from '#tests/support/staff.ts';

const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

type Session = { cookies: string; token: string };

describeEachDatabase('inviting, disabling and re-enabling staff, and ending sessions', (database) => {
  let site: TestApp;
  let gwen: Session;
  // The invitations as their readers get them: the outbox empties a message once it is sent.
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({
      database,
      env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none', SMTP_URL: smtp.url },
    });
    gwen = await signedInStaff(site, 'gwen@fenwickhale.test');
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  const me = (session: Session) => backOfficeClient(site, session).get('/me');
  const sessionValue = (session: Session) => session.cookies.match(/session=([^;]+)/)?.[1] as string;

  describe('inviting and disabling', () => {
    const gwens = () => backOfficeClient(site, gwen);
    const outboxTo = (email: string) =>
      site.db
        .selectFrom('outbox_messages')
        .select(['kind', 'message'])
        .where('recipient', '=', email)
        .execute();

    it('invites someone by email, lists them, and disables them; never yourself; all in the audit log', async () => {
      const invited = await gwens().send('/staff', {
        name: 'New Colleague',
        email: 'new.starter@fenwickhale.test',
      });
      expect(invited.status).toBe(201);
      expect((await outboxTo('new.starter@fenwickhale.test')).map((m) => m.kind)).toEqual([
        'account-invitation',
      ]);
      expect(await gwens().json('/staff')).toContainEqual(
        expect.objectContaining({
          email: 'new.starter@fenwickhale.test',
          status: 'active',
          passwordSet: false,
        }),
      );
      expect(
        (await gwens().send('/staff', { name: 'New Colleague', email: 'new.starter@fenwickhale.test' }))
          .status,
      ).toBe(409);
      expect((await gwens().send('/staff', { name: 'New Colleague', email: 'not an address' })).status).toBe(
        422,
      );

      expect((await gwens().send('/staff/disable', { email: 'new.starter@fenwickhale.test' })).status).toBe(
        200,
      );
      expect(await gwens().json('/staff')).toContainEqual(
        expect.objectContaining({ email: 'new.starter@fenwickhale.test', status: 'disabled' }),
      );
      const self = await gwens().send('/staff/disable', { email: 'gwen@fenwickhale.test' });
      expect(self.status).toBe(422);
      expect((await self.json()).errorMessages).toEqual([backOfficeMessages.notYourself]);

      const audit = (await gwens().json('/audit-log')).items;
      expect(audit.slice(0, 2)).toMatchObject([
        { action: 'staff.disabled', subject: 'new.starter@fenwickhale.test', by: 'gwen@fenwickhale.test' },
        { action: 'staff.invited', subject: 'new.starter@fenwickhale.test', by: 'gwen@fenwickhale.test' },
      ]);
    });
  });

  describe('names', () => {
    const gwens = () => backOfficeClient(site, gwen);
    const refusal = async (response: Response) => [response.status, (await response.json()).errorMessages];

    it('asks each invitation for a name, one line a person could type, and greets them by it', async () => {
      const email = 'nia.patel@fenwickhale.test';
      expect(await refusal(await gwens().send('/staff', { email }))).toEqual([
        422,
        [backOfficeMessages.staffName],
      ]);
      expect(await refusal(await gwens().send('/staff', { email, name: 'Nia\u202Etel' }))).toEqual([
        422,
        ['The name contains characters we cannot accept'],
      ]);
      expect(await refusal(await gwens().send('/staff', { email, name: 'Nia\nBcc: x@y.test' }))).toEqual([
        422,
        ['The name must be on one line'],
      ]);
      expect((await gwens().send('/staff', { email, name: 'n'.repeat(81) })).status).toBe(422);
      // A name that shows nothing, or an address that would read like the audit log's "Name (address)".
      for (const [name, message] of [
        ['\u200B\u3164', backOfficeMessages.staffNameLetter],
        ['Gwen (gwen@fenwickhale.test)', backOfficeMessages.staffNameAddress],
      ]) {
        expect(await refusal(await gwens().send('/staff', { email, name }))).toEqual([422, [message]]);
      }
      expect((await gwens().json('/staff')).map((member: { email: string }) => member.email)).not.toContain(
        email,
      );

      expect((await gwens().send('/staff', { email, name: '  Nia Patel ' })).status).toBe(201);
      expect(await gwens().json('/staff')).toContainEqual(
        expect.objectContaining({ email, name: 'Nia Patel' }),
      );
      const invitation = await smtp.waitFor((mail) => mail.to.includes(email));
      expect(invitation.parsed.text).toContain('Hello Nia Patel,');
    });

    it("lets each member change their own name, shown on the lead's timeline and in the audit log", async () => {
      const sol = await signedInStaff(site, 'sol@fenwickhale.test', 'staff');
      const sols = backOfficeClient(site, sol);
      expect(await (await me(sol)).json()).toMatchObject({ name: null });
      expect(await refusal(await sols.send('/me/name', { name: ' ' }))).toEqual([
        422,
        [backOfficeMessages.staffName],
      ]);
      // Nobody may take a name that reads as a colleague's, whatever its capitals, apostrophes or
      // hidden characters: a timeline must leave no doubt who acted.
      await sols.send('/me/name', { name: 'Sol' });
      for (const taken of ['nia patel', 'Nia\u200B Patel', 'NIA  PATEL']) {
        expect(await refusal(await sols.send('/me/name', { name: taken }))).toEqual([
          409,
          [backOfficeMessages.staffNameTaken],
        ]);
      }
      expect(
        await refusal(await gwens().send('/staff', { email: 'other@fenwickhale.test', name: 'Nia Patel' })),
      ).toEqual([409, [backOfficeMessages.staffNameTaken]]);
      const renamed = await sols.send('/me/name', { name: ' Sol Adeyemi ' });
      expect(await renamed.json()).toMatchObject({ infoMessages: [backOfficeMessages.renamed] });
      expect(await (await me(sol)).json()).toMatchObject({ name: 'Sol Adeyemi' });

      await site.db
        .insertInto('enquiries')
        .values({
          reference: 'FH-NAM-E01',
          kind: 'contact',
          name: 'Client',
          email: 'client@example.test',
          organisation: '',
          phone: null,
          postcode: null,
          message: 'Hello',
          details: '{}',
          ip_address: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      expect((await sols.send('/enquiries/FH-NAM-E01/notes', { text: 'Rang back' })).status).toBe(201);
      const { timeline } = await sols.json('/enquiries/FH-NAM-E01');
      expect(timeline.at(-1)).toMatchObject({ what: 'note', detail: 'Rang back', by: 'Sol Adeyemi' });

      // Staff may not read the audit log; an owner sees who (by their name now, and address) and what changed.
      expect((await sols.get('/audit-log')).status).toBe(403);
      await sols.send('/me/name', { name: 'Sol Adeyemi-Hart' });
      const [latest, first] = (await gwens().json('/audit-log')).items;
      expect([latest, first]).toMatchObject([
        {
          action: 'staff.renamed',
          subject: 'sol@fenwickhale.test',
          by: 'Sol Adeyemi-Hart (sol@fenwickhale.test)',
          detail: JSON.stringify({ from: 'Sol Adeyemi', name: 'Sol Adeyemi-Hart' }),
        },
        { action: 'staff.renamed', detail: JSON.stringify({ from: 'Sol', name: 'Sol Adeyemi' }) },
      ]);
    });
  });

  describe('re-enabling a colleague', () => {
    it('lets a disabled colleague sign in again with their old password, and records who did it', async () => {
      const gwensApi = backOfficeClient(site, gwen);
      const colleague = await signedInStaff(site, 'dara@fenwickhale.test');
      expect((await gwensApi.send('/staff/disable', { email: 'dara@fenwickhale.test' })).status).toBe(200);
      expect((await me(colleague)).status).toBe(401);
      await expect(signInThroughLogin(site, 'dara@fenwickhale.test', 'Correct1')).rejects.toThrow(/failed/);

      const enabled = await gwensApi.send('/staff/enable', { email: 'Dara@fenwickhale.test' });
      expect(enabled.status).toBe(200);
      expect((await enabled.json()).infoMessages).toEqual([backOfficeMessages.enabled]);
      expect(await gwensApi.json('/staff')).toContainEqual(
        expect.objectContaining({ email: 'dara@fenwickhale.test', status: 'active', passwordSet: true }),
      );
      expect((await gwensApi.json('/audit-log')).items[0]).toMatchObject({
        action: 'staff.enabled',
        subject: 'dara@fenwickhale.test',
        by: 'gwen@fenwickhale.test',
      });

      // The session disabling ended stays ended; the old password opens a new one.
      expect((await me(colleague)).status).toBe(401);
      const again = await signInThroughLogin(site, 'dara@fenwickhale.test', 'Correct1');
      expect(await (await me(again)).json()).toEqual({
        email: 'dara@fenwickhale.test',
        name: null,
        taskDigest: true,
        role: 'owner',
        managesAvailability: true,
      });
    });

    it('answers 404 for an address with no account, 409 for an active one, and 422 for no address', async () => {
      const gwensApi = backOfficeClient(site, gwen);
      const nobody = await gwensApi.send('/staff/enable', { email: 'nobody@fenwickhale.test' });
      expect(nobody.status).toBe(404);
      expect((await nobody.json()).errorMessages).toEqual([backOfficeMessages.noSuchStaff]);
      const active = await gwensApi.send('/staff/enable', { email: 'gwen@fenwickhale.test' });
      expect(active.status).toBe(409);
      expect((await active.json()).errorMessages).toEqual([backOfficeMessages.notDisabled]);
      expect((await gwensApi.send('/staff/enable', { email: 'not an address' })).status).toBe(422);
    });

    it('cannot be used without the form token', async () => {
      await createStaff(site, 'eli@fenwickhale.test', 'Correct1');
      await backOfficeClient(site, gwen).send('/staff/disable', { email: 'eli@fenwickhale.test' });
      const forged = await send(site, '/api/back-office/staff/enable', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: gwen.cookies, origin: site.url },
        body: JSON.stringify({ email: 'eli@fenwickhale.test' }),
      });
      expect(forged.status).toBe(403);
      await expect(signInThroughLogin(site, 'eli@fenwickhale.test', 'Correct1')).rejects.toThrow(/failed/);
    });
  });

  describe('your sessions', () => {
    it('lists your own sessions, marks this one, and ends another: its cookie then gets 401', async () => {
      await createStaff(site, 'ann@fenwickhale.test', 'Correct1');
      const laptop = await signInThroughLogin(site, 'ann@fenwickhale.test', 'Correct1', firefox);
      const phone = await signInThroughLogin(site, 'ann@fenwickhale.test', 'Correct1', safariOnIphone);
      const laptopApi = backOfficeClient(site, laptop);

      const sessions = await laptopApi.json('/sessions');
      expect(sessions).toHaveLength(2);
      expect(sessions).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ browser: 'Firefox on Windows', current: true, kind: 'browser' }),
          expect.objectContaining({ browser: 'Safari on iPhone', current: false, kind: 'browser' }),
        ]),
      );
      const phoneSession = sessions.find((s: { current: boolean }) => !s.current);
      // The handle is neither the cookie's value nor the hash the database keys the session by.
      for (const secret of [phone, laptop].map(sessionValue)) {
        expect(phoneSession.session).not.toContain(secret);
        expect(phoneSession.session).not.toBe(createHash('sha256').update(secret).digest('hex'));
      }

      const ended = await laptopApi.send('/sessions/end', { session: phoneSession.session });
      expect(ended.status).toBe(200);
      expect((await ended.json()).infoMessages).toEqual([backOfficeMessages.sessionEnded]);
      expect((await me(phone)).status).toBe(401);
      expect((await me(laptop)).status).toBe(200);
      expect(await laptopApi.json('/sessions')).toEqual([expect.objectContaining({ current: true })]);

      const signIns = (await laptopApi.json('/audit-log?kind=sign-in')).items;
      expect(signIns[0]).toMatchObject({
        action: 'session.ended',
        subject: 'ann@fenwickhale.test',
        by: 'ann@fenwickhale.test',
      });
      expect(JSON.parse(signIns[0].detail)).toMatchObject({ browser: 'Safari on iPhone' });

      const again = await laptopApi.send('/sessions/end', { session: phoneSession.session });
      expect(again.status).toBe(404);
      expect((await again.json()).errorMessages).toEqual([backOfficeMessages.noSuchSession]);
    });

    it("cannot see or end someone else's session", async () => {
      await createStaff(site, 'bo@fenwickhale.test', 'Correct1');
      const bo = await signInThroughLogin(site, 'bo@fenwickhale.test', 'Correct1');
      const [bosSession] = await backOfficeClient(site, bo).json('/sessions');
      const gwensApi = backOfficeClient(site, gwen);
      expect((await gwensApi.json('/sessions')).map((s: { session: string }) => s.session)).not.toContain(
        bosSession.session,
      );
      const attempt = await gwensApi.send('/sessions/end', { session: bosSession.session });
      expect(attempt.status).toBe(404);
      expect((await me(bo)).status).toBe(200);
    });

    it('cannot end a session without the form token', async () => {
      const second = await signInThroughLogin(site, 'gwen@fenwickhale.test', 'Correct1');
      const [other] = (await backOfficeClient(site, gwen).json('/sessions')).filter(
        (s: { current: boolean }) => !s.current,
      );
      const forged = await send(site, '/api/back-office/sessions/end', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: gwen.cookies, origin: site.url },
        body: JSON.stringify({ session: other.session }),
      });
      expect(forged.status).toBe(403);
      expect((await me(second)).status).toBe(200);
    });
  });

  it('changes nothing when the audit entry cannot be written: the account stays disabled, the session lives', async () => {
    const gwensApi = backOfficeClient(site, gwen);
    await createStaff(site, 'fay@fenwickhale.test', 'Correct1');
    await gwensApi.send('/staff/disable', { email: 'fay@fenwickhale.test' });
    const second = await signInThroughLogin(site, 'gwen@fenwickhale.test', 'Correct1');
    const [other] = (await gwensApi.json('/sessions')).filter((s: { current: boolean }) => !s.current);

    await refuseAuditEntries(site, true);
    try {
      expect((await gwensApi.send('/staff/enable', { email: 'fay@fenwickhale.test' })).status).toBe(500);
      expect((await gwensApi.send('/sessions/end', { session: other.session })).status).toBe(500);
    } finally {
      await refuseAuditEntries(site, false);
    }
    expect(await gwensApi.json('/staff')).toContainEqual(
      expect.objectContaining({ email: 'fay@fenwickhale.test', status: 'disabled' }),
    );
    expect((await me(second)).status).toBe(200);
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '#server/time/clock.ts';
import { sha512Hex } from '#shared/password.ts';
import { resetLinkIn } from '#tests/support/accounts.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { send } from '#tests/support/http.ts';
import { notice, postForm, signInFrom } from '#tests/support/sign-in-requests.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { createStaff, formToken } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { createAccountService } from './service.ts';
import { signInLimits } from './throttle.ts';

describeEachDatabase('set-password links', (database) => {
  let smtp: TestSmtpServer;
  let site: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({
      database,
      env: { RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: 'true', SMTP_URL: smtp.url },
    });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string;
  async function setPassword(link: string, password: string) {
    const { cookie, token } = await formToken(site);
    return postForm(
      site,
      '/reset-password',
      { token: tokenOf(link), p: await sha512Hex(password), formToken: token },
      { cookie },
    );
  }
  async function askForLink(email: string) {
    const response = await send(site, `/send-reset-password-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ emailAddress: email }),
    });
    expect(response.status).toBe(200);
    site.outbox.kick();
  }

  it('stop working, every one the user holds, once a password is set with any of them', async () => {
    const email = 'kim@fenwickhale.test';
    const accounts = createAccountService({
      firm: demoFirm,
      db: site.db,
      publicUrl: site.config.publicUrl,
      now: systemClock,
    });
    expect(await accounts.addUser(email, null, { name: 'Kim Hale' })).toBe('added');
    site.outbox.kick();
    const invitation = resetLinkIn((await smtp.waitFor((m) => m.to.includes(email))).parsed.text);
    await askForLink(email);
    await askForLink(email);
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length).toBe(3);
    const [first, second] = smtp.messages
      .filter((m) => m.to.includes(email) && m.parsed.subject?.startsWith('Set a new password'))
      .map((m) => resetLinkIn(m.parsed.text));
    for (const link of [invitation, first, second]) {
      expect((await fetch(link as string)).status).toBe(200);
    }

    expect(notice(await setPassword(second as string, 'Second22'))).toBe('/login?notice=password-changed');
    for (const link of [invitation, first, second]) {
      expect((await fetch(link as string)).status).toBe(410);
      expect((await setPassword(link as string, 'Hijack33')).status).toBe(410);
    }
    expect(notice(await signInFrom(site, email, 'Second22', '10.4.0.1'))).toBe('/back-office');
    expect(notice(await signInFrom(site, email, 'Hijack33', '10.4.0.2'))).toBe(
      '/login?notice=sign-in-failed',
    );
  });

  it('go in the audit log when sent (three an hour at most, never for an unknown address) and when used, by the user, who is told of a changed password but not of a first one', async () => {
    const email = 'max@fenwickhale.test';
    const accounts = createAccountService({
      firm: demoFirm,
      db: site.db,
      publicUrl: site.config.publicUrl,
      now: systemClock,
    });
    expect(await accounts.addUser(email, null, { name: 'Lee Hale' })).toBe('added');
    site.outbox.kick();
    const invitation = resetLinkIn((await smtp.waitFor((m) => m.to.includes(email))).parsed.text);
    expect(notice(await setPassword(invitation, 'Chosen11'))).toBe('/login?notice=password-changed');
    // A first password changed nothing the person had: no "your password was changed" alarm.
    const changedNotices = () =>
      site.db
        .selectFrom('outbox_messages')
        .select('subject')
        .where('kind', '=', 'password-changed')
        .where('recipient', '=', email)
        .execute();
    expect(await changedNotices()).toEqual([]);
    for (let i = 0; i < 4; i++) await askForLink(email);
    await askForLink('nobody.here@fenwickhale.test');
    // The form is answered before the link is made (so the time taken tells nothing): wait for the work.
    const sentLinks = async () =>
      (
        await site.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'password.reset-link-sent')
          .where('subject', '=', email)
          .execute()
      ).length;
    await waitUntil(async () => (await sentLinks()) >= 3, { what: () => 'three reset links sent' });
    await new Promise((resolve) => setTimeout(resolve, 300)); // a fourth, were the cap broken, lands now

    const user = await site.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const entries = await site.db
      .selectFrom('audit_log')
      .select(['user_id', 'action', 'kind', 'subject', 'detail'])
      .where('subject', 'in', [email, 'nobody.here@fenwickhale.test'])
      .where('action', 'like', 'password.%')
      .orderBy('id')
      .execute();
    const linkSent = {
      user_id: null,
      action: 'password.reset-link-sent',
      kind: 'sign-in',
      subject: email,
      detail: { ipAddress: '127.0.0.1' },
    };
    expect(entries.map((entry) => ({ ...entry, detail: JSON.parse(entry.detail) }))).toEqual([
      {
        user_id: user.id,
        action: 'password.set',
        kind: 'sign-in',
        subject: email,
        detail: { link: 'invitation', ipAddress: '127.0.0.1' },
      },
      linkSent,
      linkSent,
      linkSent,
    ]);
    const reset = resetLinkIn(
      (await smtp.waitFor((m) => m.to.includes(email) && m.parsed.subject?.startsWith('Set a new') === true))
        .parsed.text,
    );
    expect(notice(await setPassword(reset, 'Chosen22'))).toBe('/login?notice=password-changed');
    // Changing a password the person had is told to them, in case it was not them.
    expect(await changedNotices()).toEqual([
      { subject: 'Your Fenwick & Hale back-office password was changed' },
    ]);
    const last = await site.db
      .selectFrom('audit_log')
      .select(['user_id', 'action', 'detail'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect({ ...last, detail: JSON.parse(last.detail) }).toEqual({
      user_id: user.id,
      action: 'password.set',
      detail: { link: 'reset', ipAddress: '127.0.0.1' },
    });
  });

  it('let an address that was made to wait try again at once', async () => {
    const email = 'lou@fenwickhale.test';
    await createStaff(site, email, 'Forgot11');
    for (let i = 0; i < signInLimits.perAccountFromAddress; i++) {
      await signInFrom(site, email, `Wrong${i}aaa`, '10.4.0.3');
    }
    expect(notice(await signInFrom(site, email, 'Forgot11', '10.4.0.3'))).toBe('/login?notice=wait');
    await askForLink(email);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && m.parsed.subject?.startsWith('Set a new password') === true,
    );
    expect(notice(await setPassword(resetLinkIn(mail.parsed.text), 'Remember22'))).toBe(
      '/login?notice=password-changed',
    );
    expect(notice(await signInFrom(site, email, 'Remember22', '10.4.0.3'))).toBe('/back-office');
  });
});

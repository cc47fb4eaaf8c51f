import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resetLinkIn } from '../../../../tests/support/accounts.ts';
import { startTestApp, type TestApp } from '../../../../tests/support/app.ts';
import { describeEachDatabase } from '../../../../tests/support/databases.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/support/smtp.ts';
import { backOfficeClient, createStaff, formToken, signedInStaff } from '../../../../tests/support/staff.ts';
import { accountMessages, signInProofField } from '../../../shared/accounts.ts';
import { sha512Hex } from '../../../shared/password.ts';
import { createAccountService } from './service.ts';
import { signInLimits } from './throttle.ts';

function postForm(
  site: TestApp,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
) {
  return fetch(`${site.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Signs in through /login from `ip` (the app trusts the proxy header), as the login page posts. */
async function signInFrom(
  site: TestApp,
  email: string,
  password: string,
  ip: string,
  extra: Record<string, string> = {},
) {
  const { cookie, token } = await formToken(site);
  return postForm(
    site,
    '/login',
    { emailAddress: email, p: await sha512Hex(password), formToken: token, ...extra },
    { cookie, 'x-forwarded-for': ip },
  );
}

/** What the login page sends along: a challenge for `signin` from the app, solved (here in Node). */
async function signInProof(site: TestApp) {
  const answer = await (await fetch(`${site.url}/api/bot-check?action=signin`)).json();
  expect(answer.provider).toBe('altcha');
  const solution = await solveChallenge({ challenge: answer.challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: answer.challenge, solution })).toString('base64');
}

const notice = (response: Response) => response.headers.get('location');

describeEachDatabase('staff sign-in and reset', (database) => {
  let site: TestApp;

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: 'true' } });
    await createStaff(site, 'dee@fenwickhale.test', 'Correct1');
    await createStaff(site, 'eve@fenwickhale.test', 'Correct1');
    await createStaff(site, 'fay@fenwickhale.test', 'Correct1');
    await createStaff(site, 'hal@fenwickhale.test', 'Correct1');
    await createStaff(site, 'ivy@fenwickhale.test', 'Correct1');
  });
  afterAll(async () => site?.close());

  /** Each test signs in from an address of its own (behind a trusted proxy), so their throttles are apart. */
  const signIn = (email: string, password: string, ip: string, extra: Record<string, string> = {}) =>
    signInFrom(site, email, password, ip, extra);

  it('signs in with a session cookie for the browser session, or for 30 days when remembered', async () => {
    const browser = await signIn('dee@fenwickhale.test', 'Correct1', '10.0.0.1');
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe('/back-office');
    const browserCookie = browser.headers.getSetCookie().find((c) => c.startsWith('session=')) as string;
    expect(browserCookie).toMatch(/^session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);

    const remembered = await signIn('dee@fenwickhale.test', 'Correct1', '10.0.0.1', { rememberMe: 'on' });
    const rememberedCookie = remembered.headers
      .getSetCookie()
      .find((c) => c.startsWith('session=')) as string;
    expect(rememberedCookie).toContain('Max-Age=2592000');
    // A new id every time.
    expect(rememberedCookie.split(';')[0]).not.toBe(browserCookie.split(';')[0]);

    const backOffice = await fetch(`${site.url}/back-office`, {
      headers: { cookie: rememberedCookie.split(';')[0] as string },
    });
    expect(backOffice.status).toBe(200);
    expect(await backOffice.text()).toContain('<div id="root" data-page="back-office">');
    const anonymous = await fetch(`${site.url}/back-office`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/login');
  });

  it('answers an unknown address and a wrong password alike', async () => {
    const unknown = await signIn('nobody@fenwickhale.test', 'Whatever1', '10.0.0.2');
    const wrong = await signIn('eve@fenwickhale.test', 'Wrong111', '10.0.0.2');
    for (const response of [unknown, wrong]) {
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/login?notice=sign-in-failed');
      expect(response.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
    }

    const ask = (email: string) =>
      fetch(`${site.url}/send-reset-password-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url },
        body: JSON.stringify({ emailAddress: email }),
      });
    const [forUser, forNobody] = [await ask('eve@fenwickhale.test'), await ask('no.one@fenwickhale.test')];
    expect([forUser.status, forNobody.status]).toEqual([200, 200]);
    expect(await forUser.text()).toBe(accountMessages.resetLinkSent('eve@fenwickhale.test'));
    expect(await forNobody.text()).toBe(accountMessages.resetLinkSent('no.one@fenwickhale.test'));
    const queued = await site.db
      .selectFrom('outbox_messages')
      .select('recipient')
      .where('kind', '=', 'password-reset-link')
      .execute();
    expect(queued.map((m) => m.recipient)).toEqual(['eve@fenwickhale.test']);
  });

  it('refuses posts from other sites or without the form token, and a p that is not a SHA-512 hex', async () => {
    const { cookie, token } = await formToken(site);
    const fields = { emailAddress: 'dee@fenwickhale.test', p: await sha512Hex('Correct1'), formToken: token };
    // Another site's post is refused for the whole app before the form is read (http/same-origin.ts).
    const crossSite = await postForm(site, '/login', fields, { cookie, origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
    const noToken = await postForm(site, '/login', { ...fields, formToken: '' }, { cookie });
    const noCookie = await postForm(site, '/login', fields, {});
    for (const response of [noToken, noCookie]) {
      expect(response.headers.get('location')).toBe('/login?notice=form-expired');
      expect(response.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
    }
    const resetLink = await fetch(`${site.url}/send-reset-password-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ emailAddress: 'dee@fenwickhale.test' }),
    });
    expect(resetLink.status).toBe(403);
    const reset = await postForm(
      site,
      '/reset-password',
      { token: 'x', p: fields.p, formToken: token },
      {
        cookie,
        origin: 'https://evil.example',
      },
    );
    expect(reset.status).toBe(403);

    for (const p of ['Correct1', 'ab'.repeat(64).toUpperCase(), 'g'.repeat(128), `${fields.p}0`]) {
      const response = await postForm(site, '/login', { ...fields, p }, { cookie });
      expect(response.status, p).toBe(400);
    }
  });

  it('makes an address that keeps failing wait, never the account; the reset link keeps working', async () => {
    for (let i = 0; i < signInLimits.perAccountFromAddress; i++) {
      const failed = await signIn('fay@fenwickhale.test', `Wrong${i}aaa`, '10.0.0.4');
      expect(notice(failed)).toBe('/login?notice=sign-in-failed');
    }
    // That address waits, even with the right password; from any other the right password signs in.
    expect(notice(await signIn('fay@fenwickhale.test', 'Correct1', '10.0.0.4'))).toBe('/login?notice=wait');
    expect(notice(await signIn('fay@fenwickhale.test', 'Correct1', '10.0.0.5'))).toBe('/back-office');

    const reset = await fetch(`${site.url}/send-reset-password-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ emailAddress: 'fay@fenwickhale.test' }),
    });
    expect(reset.status).toBe(200);
    const kinds = await site.db
      .selectFrom('outbox_messages')
      .select('kind')
      .where('recipient', '=', 'fay@fenwickhale.test')
      .orderBy('id')
      .execute();
    // The holder heard once that sign-ins were being throttled, and got their link.
    expect(kinds.map((m) => m.kind)).toEqual(['sign-in-throttled', 'password-reset-link']);
  });

  it('counts a fresh IPv6 address for every guess as the one /64 it comes from', async () => {
    const outcomes = [];
    for (let i = 1; i <= 7; i++) {
      outcomes.push(notice(await signIn('ivy@fenwickhale.test', `Wrong${i}aaa`, `2001:db8:2::${i}`)));
    }
    const failed = '/login?notice=sign-in-failed';
    const wait = '/login?notice=wait';
    expect(outcomes).toEqual([failed, failed, failed, failed, failed, wait, wait]);
    expect(notice(await signIn('ivy@fenwickhale.test', 'Correct1', '2001:db8:2::8'))).toBe(wait);
    expect(notice(await signIn('ivy@fenwickhale.test', 'Correct1', '2001:db8:3::1'))).toBe('/back-office');
  });

  it('asks for a proof of work once an account fails from many addresses, and signs in the right password that carries one', async () => {
    for (let i = 0; i < signInLimits.perAccountBeforeProof; i++) {
      const failed = await signIn('hal@fenwickhale.test', `Wrong${i}aaa`, `10.1.0.${i}`);
      expect(notice(failed)).toBe('/login?notice=sign-in-failed');
    }
    const withoutProof = await signIn('hal@fenwickhale.test', 'Correct1', '10.2.0.1');
    expect(notice(withoutProof)).toBe('/login?notice=proof-of-work');
    expect(withoutProof.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
    const forged = await signIn('hal@fenwickhale.test', 'Correct1', '10.2.0.1', {
      [signInProofField]: Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
    });
    expect(notice(forged)).toBe('/login?notice=proof-of-work');

    const proof = await signInProof(site);
    const signedIn = await signIn('hal@fenwickhale.test', 'Correct1', '10.2.0.1', {
      [signInProofField]: proof,
    });
    expect(notice(signedIn)).toBe('/back-office');
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(true);
    const replayed = await signIn('hal@fenwickhale.test', 'Correct1', '10.2.0.2', {
      [signInProofField]: proof,
    });
    expect(notice(replayed)).toBe('/login?notice=proof-of-work');
    // A wrong password with a proof is refused as any other, and the attacker's addresses never lock it.
    const guess = await signIn('hal@fenwickhale.test', 'Guess111', '10.1.0.1', {
      [signInProofField]: await signInProof(site),
    });
    expect(notice(guess)).toBe('/login?notice=sign-in-failed');
    const throttled = await site.db
      .selectFrom('outbox_messages')
      .select('kind')
      .where('recipient', '=', 'hal@fenwickhale.test')
      .execute();
    expect(throttled).toEqual([{ kind: 'sign-in-throttled' }]);
  });
});

describeEachDatabase('a disabled user', (database) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ database });
    await createStaff(site, 'gus@fenwickhale.test', 'Correct1');
  });
  afterAll(async () => site?.close());

  it('is signed out everywhere and cannot sign in again', async () => {
    const { cookie, token } = await formToken(site);
    const fields = { emailAddress: 'gus@fenwickhale.test', p: await sha512Hex('Correct1'), formToken: token };
    const signedIn = await postForm(site, '/login', fields, { cookie });
    const session = signedIn.headers.getSetCookie()[0]?.split(';')[0] as string;
    expect((await fetch(`${site.url}/back-office`, { headers: { cookie: session } })).status).toBe(200);

    await createAccountService({ db: site.db, publicUrl: site.config.publicUrl }).disableUser(
      'gus@fenwickhale.test',
      null,
    );
    const after = await fetch(`${site.url}/back-office`, {
      headers: { cookie: session },
      redirect: 'manual',
    });
    expect(after.headers.get('location')).toBe('/login');
    const again = await postForm(site, '/login', fields, { cookie });
    expect(again.headers.get('location')).toBe('/login?notice=sign-in-failed');
  });
});

describeEachDatabase('the audit log of sign-ins', (database) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: 'true' } });
    await createStaff(site, 'ida@fenwickhale.test', 'Correct1');
  });
  afterAll(async () => site?.close());

  it('records each sign-in that succeeded, failed or was throttled, and each sign-out, with who and when', async () => {
    const before = new Date().toISOString();
    await signInFrom(site, 'Ida@Fenwickhale.test', 'Wrong111', '10.3.0.1');
    await signInFrom(site, 'nobody@fenwickhale.test', 'Wrong111', '10.3.0.1');
    for (let i = 0; i < signInLimits.perAccountFromAddress; i++) {
      await signInFrom(site, 'ida@fenwickhale.test', `Wrong${i}aaa`, '10.3.0.2');
    }
    expect(notice(await signInFrom(site, 'ida@fenwickhale.test', 'Correct1', '10.3.0.2'))).toBe(
      '/login?notice=wait',
    );
    const signedIn = await signInFrom(site, 'ida@fenwickhale.test', 'Correct1', '10.3.0.3');
    const session = signedIn.headers.getSetCookie()[0]?.split(';')[0] as string;
    const { cookie, token } = await formToken(site);
    const signedOut = await postForm(
      site,
      '/logout',
      { formToken: token },
      { cookie: `${cookie}; ${session}` },
    );
    expect(notice(signedOut)).toBe('/login?notice=signed-out');

    // Read by another member of staff, through the back office.
    const reader = await signedInStaff(site, 'jon@fenwickhale.test');
    const response = await fetch(`${site.url}/api/back-office/audit-log?kind=sign-in`, {
      headers: { cookie: reader.cookies },
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      items: { action: string; subject: string; by: string | null; at: string; detail: string }[];
      next: string | null;
    };
    expect(page.next).toBeNull();
    const entries = page.items
      .reverse()
      .map(({ action, subject, by, detail }) => ({ action, subject, by, detail: JSON.parse(detail) }));
    expect(entries).toEqual([
      {
        action: 'sign-in.failed',
        subject: 'ida@fenwickhale.test',
        by: null,
        detail: { ipAddress: '10.3.0.1' },
      },
      {
        action: 'sign-in.failed',
        subject: 'nobody@fenwickhale.test',
        by: null,
        detail: { ipAddress: '10.3.0.1' },
      },
      ...Array.from({ length: signInLimits.perAccountFromAddress }, () => ({
        action: 'sign-in.failed',
        subject: 'ida@fenwickhale.test',
        by: null,
        detail: { ipAddress: '10.3.0.2' },
      })),
      {
        action: 'sign-in.throttled',
        subject: 'ida@fenwickhale.test',
        by: null,
        detail: {
          ipAddress: '10.3.0.2',
          reason: 'too many failures on this account from this address: it must wait',
          until: expect.any(String),
        },
      },
      {
        action: 'sign-in.succeeded',
        subject: 'ida@fenwickhale.test',
        by: 'ida@fenwickhale.test',
        detail: { session: 'browser', ipAddress: '10.3.0.3' },
      },
      { action: 'signed-out', subject: 'ida@fenwickhale.test', by: 'ida@fenwickhale.test', detail: {} },
      {
        action: 'sign-in.succeeded',
        subject: 'jon@fenwickhale.test',
        by: 'jon@fenwickhale.test',
        detail: { session: 'browser', ipAddress: '127.0.0.1' },
      },
    ]);
    const audit = await site.db.selectFrom('audit_log').select('created_at').execute();
    for (const { created_at } of audit) {
      expect(created_at >= before && created_at <= new Date().toISOString()).toBe(true);
    }
  });

  it('keeps staff actions in sight however many refused sign-ins anyone sends', async () => {
    const reader = backOfficeClient(site, await signedInStaff(site, 'kit@fenwickhale.test'));
    expect((await reader.send('/staff', { email: 'new.clerk@fenwickhale.test' })).status).toBe(201);
    // An account under attack from ten addresses; then one address sends 200 attempts without a proof.
    await createStaff(site, 'lee@fenwickhale.test', 'Correct1');
    for (let i = 0; i < signInLimits.perAccountBeforeProof; i++) {
      await signInFrom(site, 'lee@fenwickhale.test', `Wrong${i}aaa`, `10.5.0.${i}`);
    }
    for (let i = 0; i < 200; i++) {
      const refused = await signInFrom(site, 'lee@fenwickhale.test', `Guess${i}aaa`, '10.5.1.1');
      expect(notice(refused)).toBe('/login?notice=proof-of-work');
    }

    const staffActions = await reader.json('/audit-log');
    expect(staffActions.items[0]).toMatchObject({
      action: 'staff.invited',
      subject: 'new.clerk@fenwickhale.test',
      by: 'kit@fenwickhale.test',
    });
    const signIns = await reader.json('/audit-log?kind=sign-in');
    const aboutLee = signIns.items.filter(
      (entry: { subject: string }) => entry.subject === 'lee@fenwickhale.test',
    );
    expect(aboutLee.map((entry: { action: string }) => entry.action)).toEqual([
      'sign-in.throttled',
      ...Array(signInLimits.perAccountBeforeProof).fill('sign-in.failed'),
    ]);
    expect(aboutLee[0].ipAddress).toBe('10.5.0.9');
  });
});

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
    const response = await fetch(`${site.url}/send-reset-password-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ emailAddress: email }),
    });
    expect(response.status).toBe(200);
    site.outbox.kick();
  }

  it('stop working, every one the user holds, once a password is set with any of them', async () => {
    const email = 'kim@fenwickhale.test';
    const accounts = createAccountService({ db: site.db, publicUrl: site.config.publicUrl });
    expect(await accounts.addUser(email, null)).toBe('added');
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

  it('go in the audit log when sent (three an hour at most, never for an unknown address) and when used, by the user', async () => {
    const email = 'max@fenwickhale.test';
    const accounts = createAccountService({ db: site.db, publicUrl: site.config.publicUrl });
    expect(await accounts.addUser(email, null)).toBe('added');
    site.outbox.kick();
    const invitation = resetLinkIn((await smtp.waitFor((m) => m.to.includes(email))).parsed.text);
    expect(notice(await setPassword(invitation, 'Chosen11'))).toBe('/login?notice=password-changed');
    for (let i = 0; i < 4; i++) await askForLink(email);
    await askForLink('nobody.here@fenwickhale.test');

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

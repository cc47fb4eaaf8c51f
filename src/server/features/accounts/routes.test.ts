import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '#server/time/clock.ts';
import { accountMessages, signInProofField } from '#shared/accounts.ts';
import { sha512Hex } from '#shared/password.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { send } from '#tests/support/http.ts';
import { notice, postForm, signInFrom, signInProof } from '#tests/support/sign-in-requests.ts';
import { createStaff, formToken } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { createAccountService } from './service.ts';
import { signInLimits } from './throttle.ts';

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

    const backOffice = await send(site, `/back-office`, {
      headers: { cookie: rememberedCookie.split(';')[0] as string },
    });
    expect(backOffice.status).toBe(200);
    expect(await backOffice.text()).toContain('<div id="root" data-page="back-office">');
    const anonymous = await send(site, `/back-office`, { redirect: 'manual' });
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
      send(site, `/send-reset-password-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url },
        body: JSON.stringify({ emailAddress: email }),
      });
    const [forUser, forNobody] = [await ask('eve@fenwickhale.test'), await ask('no.one@fenwickhale.test')];
    expect([forUser.status, forNobody.status]).toEqual([200, 200]);
    expect(await forUser.text()).toBe(accountMessages.resetLinkSent('eve@fenwickhale.test'));
    expect(await forNobody.text()).toBe(accountMessages.resetLinkSent('no.one@fenwickhale.test'));
    // The link is made after the answer, so that how long the answer takes tells nothing.
    const queued = async () =>
      (
        await site.db
          .selectFrom('outbox_messages')
          .select('recipient')
          .where('kind', '=', 'password-reset-link')
          .execute()
      ).map((m) => m.recipient);
    await waitUntil(async () => (await queued()).length > 0);
    expect(await queued()).toEqual(['eve@fenwickhale.test']);
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
    // The form as a browser without script sends it: no token, and the password typed as it is.
    const { p: _, ...typed } = fields;
    const plain = await postForm(
      site,
      '/login',
      { ...typed, formToken: '', password: 'Correct1' },
      { cookie },
    );
    expect(plain.headers.get('location')).toBe('/login?notice=needs-script');
    const plainReset = await postForm(site, '/reset-password', { token: 'x', formToken: '' }, { cookie });
    expect([plainReset.status, await plainReset.text()]).toEqual([
      400,
      expect.stringContaining('Choosing a password needs JavaScript'),
    ]);
    const resetLink = await send(site, `/send-reset-password-link`, {
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

    const reset = await send(site, `/send-reset-password-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ emailAddress: 'fay@fenwickhale.test' }),
    });
    expect(reset.status).toBe(200);
    const kinds = async () =>
      (
        await site.db
          .selectFrom('outbox_messages')
          .select('kind')
          .where('recipient', '=', 'fay@fenwickhale.test')
          .orderBy('id')
          .execute()
      ).map((m) => m.kind);
    // The holder heard once that sign-ins were being throttled, and got their link (made after the answer).
    await waitUntil(async () => (await kinds()).length === 2);
    expect(await kinds()).toEqual(['sign-in-throttled', 'password-reset-link']);
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
    // Another owner, so that disabling gus does not leave the firm without one (which is refused).
    await createStaff(site, 'hal@fenwickhale.test', 'Correct1');
  });
  afterAll(async () => site?.close());

  it('is signed out everywhere and cannot sign in again', async () => {
    const { cookie, token } = await formToken(site);
    const fields = { emailAddress: 'gus@fenwickhale.test', p: await sha512Hex('Correct1'), formToken: token };
    const signedIn = await postForm(site, '/login', fields, { cookie });
    const session = signedIn.headers.getSetCookie()[0]?.split(';')[0] as string;
    expect((await send(site, `/back-office`, { headers: { cookie: session } })).status).toBe(200);

    const disabled = await createAccountService({
      firm: demoFirm,
      db: site.db,
      publicUrl: site.config.publicUrl,
      now: systemClock,
    }).disableUser('gus@fenwickhale.test', null);
    expect(disabled).toBe('disabled');
    const after = await send(site, `/back-office`, {
      headers: { cookie: session },
      redirect: 'manual',
    });
    expect(after.headers.get('location')).toBe('/login');
    const again = await postForm(site, '/login', fields, { cookie });
    expect(again.headers.get('location')).toBe('/login?notice=sign-in-failed');
  });
});

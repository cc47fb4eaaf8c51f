import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountMessages, loginNotices, signInProofField, signInProofProblems } from '#shared/accounts.ts';
import { passwordMessages } from '#shared/password.ts';
import { storageKeys } from '#shared/storage-keys.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { addUser, postSignIn, resetLinkIn } from '../support/accounts.ts';
import { hydrated, setUpSiteInBrowser, whenTextShows } from '../support/browser.ts';
import { passwordLinkFor, staffMember } from '../support/signed-in.ts';

// The proxy header is trusted so that a test can play an attacker's many addresses; the browser has none.
const t = setUpSiteInBrowser({ env: { TRUST_PROXY: 'true' } });
const form = () => t.page.locator('form.account-form');
const fieldError = () => form().locator('.field__error');
const signIn = () => form().getByRole('button', { name: 'Sign in' }).click();

/** A member of staff whose password is Ledger2026!, as their invitation link would leave them. */
const staffWithPassword = (email: string) => staffMember(t.site, email);

/** Wrong passwords on `email` from ten addresses of `network` (a.b.c), each refused as a plain failure. */
async function guessFromTenAddresses(email: string, network: string) {
  for (let i = 0; i < 10; i++) {
    const answer = await postSignIn(t.site, { email, password: `Guess${i}xyz`, ip: `${network}.${i}` });
    expect(answer).toBe('/login?notice=sign-in-failed');
  }
}

async function setPassword(link: string, password: string) {
  await t.page.goto(link);
  // The page scrambles the password before sending it once its script has taken over: the visitor types
  // into the live page.
  await hydrated(t.page);
  await form().getByLabel('New password', { exact: true }).fill(password);
  await form().getByLabel('Confirm the new password').fill(password);
  await form().getByRole('button', { name: 'Set the new password' }).click();
  await t.page.waitForURL('**/login?notice=password-changed');
}

async function signInAs(email: string, password: string, remember: boolean) {
  await t.page.goto(`${t.site.url}/login`);
  await hydrated(t.page);
  await form().getByLabel('Email address').fill(email);
  await form().getByLabel('Password', { exact: true }).fill(password);
  await form()
    .getByRole('checkbox', { name: /Remember me/ })
    .setChecked(remember);
  await signIn();
}

describe('staff accounts in Chromium', () => {
  it('checks the password rules in order, then sends only its SHA-512 in p with the field masked', async () => {
    await t.page.goto(`${t.site.url}/login`);
    await hydrated(t.page);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await form().getByLabel('Email address').fill('nobody@fenwickhale.test');
    const steps: [string, string][] = [
      ['', passwordMessages.missing],
      ['Ab1', passwordMessages.tooShort],
      ['abcdefg1', passwordMessages.noCapital],
      ['Abcdefgh', passwordMessages.noNumber],
    ];
    for (const [password, message] of steps) {
      await form().getByLabel('Password', { exact: true }).fill(password);
      await signIn();
      await expect(fieldError().textContent()).resolves.toBe(`Error: ${message}`);
    }

    // What the visible field holds at the moment the form is posted, kept across the navigation.
    await t.page.evaluate(() => {
      const submit = HTMLFormElement.prototype.submit;
      HTMLFormElement.prototype.submit = function (this: HTMLFormElement) {
        const visible = this.querySelector<HTMLInputElement>('input[type=password]');
        sessionStorage.setItem('masked-at-send', visible?.value ?? '');
        submit.call(this);
      };
    });
    await form().getByLabel('Password', { exact: true }).fill('Abcdefg1');
    const sent = t.page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/login'),
    );
    await signIn();
    const body = new URLSearchParams((await sent).postData() ?? '');
    expect(body.get('p')).toBe(createHash('sha512').update('Abcdefg1').digest('hex'));
    expect([...body.keys()].sort()).toEqual(['emailAddress', 'formToken', 'p', signInProofField]);
    expect((await sent).postData()).not.toContain('Abcdefg1');
    await t.page.waitForURL('**/login?notice=sign-in-failed');
    expect(await t.page.evaluate(() => sessionStorage.getItem('masked-at-send'))).toBe('********');
    await form().getByText(loginNotices['sign-in-failed']).waitFor();
  });

  it('invites a user, who sets a password, signs in remembered, survives a restart, and signs out', async () => {
    const email = 'ann.clerk@fenwickhale.test';
    await addUser(t.site, email);
    const invitation = await t.site.smtp.waitFor((m) => m.to.includes(email));
    await setPassword(resetLinkIn(invitation.parsed.text), 'Ledger2026!');
    await form().getByText(loginNotices['password-changed']).waitFor();

    await signInAs(email, 'Ledger2026!', true);
    await t.page.waitForURL('**/back-office');
    await t.page.getByText(`Signed in as ${email}`).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(await t.page.evaluate((key) => localStorage.getItem(key), storageKeys.rememberedLoginEmail)).toBe(
      email,
    );

    // A browser restart keeps persistent cookies and drops session ones.
    const saved = await t.page.context().storageState();
    const restarted = await t.browser.newContext({
      storageState: { ...saved, cookies: saved.cookies.filter((cookie) => cookie.expires !== -1) },
    });
    const page = await restarted.newPage();
    await page.goto(`${t.site.url}/back-office`);
    expect(new URL(page.url()).pathname).toBe('/back-office');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login?notice=signed-out');
    // The remembered email is filled in, with remember-me on.
    await expect
      .poll(() => page.locator('form.account-form').getByLabel('Email address').inputValue())
      .toBe(email);
    expect(await page.getByRole('checkbox', { name: /Remember me/ }).isChecked()).toBe(true);
    await restarted.close();
  });

  it('without remember-me, the session does not outlive the browser, and the email is forgotten', async () => {
    const email = 'ben.partner@fenwickhale.test';
    await setPassword(await passwordLinkFor(t.site, email), 'Balance99');
    await t.page.evaluate(
      (key) => localStorage.setItem(key, 'someone@else.test'),
      storageKeys.rememberedLoginEmail,
    );
    await signInAs(email, 'Balance99', false);
    await t.page.waitForURL('**/back-office');
    expect(
      await t.page.evaluate((key) => localStorage.getItem(key), storageKeys.rememberedLoginEmail),
    ).toBeNull();

    const saved = await t.page.context().storageState();
    const restarted = await t.browser.newContext({
      storageState: { ...saved, cookies: saved.cookies.filter((cookie) => cookie.expires !== -1) },
    });
    const page = await restarted.newPage();
    await page.goto(`${t.site.url}/back-office`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await restarted.close();
  });

  it('resets a forgotten password by email; the old password and the used link stop working', async () => {
    const email = 'cara.payroll@fenwickhale.test';
    await setPassword(await passwordLinkFor(t.site, email), 'OldPass11');

    await t.page.clock.install();
    await t.page.goto(`${t.site.url}/login`);
    // The link opens its dialog once the page's script has taken over: pressed before, it does nothing.
    await hydrated(t.page);
    await form().getByRole('button', { name: accountMessages.forgottenPassword }).click();
    const modal = t.page.getByRole('dialog', { name: 'Set a new password' });
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await modal.getByLabel('Email address').fill(email);
    const sent = await whenTextShows(t.page, 'dialog', accountMessages.resetLinkSent(email));
    await modal.getByRole('button', { name: 'Send the link' }).click();
    await sent.pauseAfter(1900);
    expect(await modal.isVisible()).toBe(true);
    await t.page.clock.runFor(200);
    await t.page.clock.resume();
    await modal.waitFor({ state: 'hidden' });

    const reset = await t.site.smtp.waitFor(
      (m) => m.to.includes(email) && m.parsed.subject?.startsWith('Set a new password') === true,
    );
    const link = resetLinkIn(reset.parsed.text);
    await t.page.goto(link);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    // Beside the form: what the rules are and how long a link lasts, not the sign-in page's own advice.
    const nextSteps = await t.page.getByRole('complementary', { name: 'What happens next' }).innerText();
    expect(nextSteps).toContain('at least eight characters, with a capital letter and a number');
    expect(nextSteps).toContain('a reset link for an hour, an invitation for a week');
    expect(nextSteps).not.toContain('under the form');
    const newPassword = form().getByLabel('New password', { exact: true });
    await newPassword.fill('weak');
    await form().getByText('Password is invalid').waitFor();
    await newPassword.fill('NewPass22!');
    await form().getByText('Password is valid').waitFor();
    await form().getByLabel('Confirm the new password').fill('NewPass23!');
    await form().getByRole('button', { name: 'Set the new password' }).click();
    await expect(fieldError().textContent()).resolves.toBe(`Error: ${passwordMessages.mismatch}`);
    await form().getByLabel('Confirm the new password').fill('NewPass22!');
    await form().getByRole('button', { name: 'Set the new password' }).click();
    await t.page.waitForURL('**/login?notice=password-changed');
    await t.site.smtp.waitFor(
      (m) => m.to.includes(email) && m.parsed.subject?.includes('was changed') === true,
    );

    await signInAs(email, 'OldPass11', false);
    await t.page.waitForURL('**/login?notice=sign-in-failed');
    await signInAs(email, 'NewPass22!', false);
    await t.page.waitForURL('**/back-office');

    const used = await t.page.goto(link);
    expect(used?.status()).toBe(410);
    await t.page.getByRole('heading', { name: 'This link has expired or has already been used' }).waitFor();
  });

  it('solves the proof of work the server asks for while an account is under attack, and signs in', async () => {
    const email = 'dan.audit@fenwickhale.test';
    await staffWithPassword(email);
    // An attacker guesses from ten addresses; then even the right password needs a proof of work.
    await guessFromTenAddresses(email, '10.9.0');
    const asked = await postSignIn(t.site, { email, password: 'Ledger2026!', ip: '10.9.1.1' });
    expect(asked).toBe('/login?notice=proof-of-work');
    await t.site.smtp.waitFor(
      (m) => m.to.includes(email) && m.parsed.subject?.includes('Failed attempts') === true,
    );

    await t.page.goto(`${t.site.url}${asked}`);
    await form().getByText(loginNotices['proof-of-work']).waitFor();
    await form().getByLabel('Email address').fill(email);
    await form().getByLabel('Password', { exact: true }).fill('Ledger2026!');
    const sent = t.page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/login'),
    );
    await signIn();
    const proof = new URLSearchParams((await sent).postData() ?? '').get(signInProofField) ?? '';
    const { challenge, solution } = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
    expect(challenge.parameters.data).toEqual({ action: 'signin' });
    expect(typeof solution.counter).toBe('number');
    await t.page.waitForURL('**/back-office');
    await t.page.getByText(`Signed in as ${email}`).waitFor();
    expect(t.errors).toEqual([]);
  });

  it('signs in while the account needs a proof of work, after the contact-form challenges from the same address are used up', async () => {
    const email = 'eli.books@fenwickhale.test';
    await staffWithPassword(email);
    await guessFromTenAddresses(email, '10.8.0');
    expect(await postSignIn(t.site, { email, password: 'Ledger2026!', ip: '10.8.1.1' })).toBe(
      '/login?notice=proof-of-work',
    );
    // Someone behind the browser's own address (here the same loopback) asks for challenges until refused.
    let flooded = 0;
    while ((await fetch(`${t.site.url}/api/bot-check?action=contactus`)).status !== 429) {
      expect(++flooded).toBeLessThan(1000);
    }

    const sent = t.page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/login'),
    );
    await signInAs(email, 'Ledger2026!', false);
    expect(new URLSearchParams((await sent).postData() ?? '').get(signInProofField)).not.toBe('');
    await t.page.waitForURL('**/back-office');
    await t.page.getByText(`Signed in as ${email}`).waitFor();
    expect(t.errors).toEqual([]);
  });

  it('asks the server for a challenge a second time, and says so rather than sign in without a proof', async () => {
    const email = 'fin.ledger@fenwickhale.test';
    await staffWithPassword(email);
    let refuse = Number.POSITIVE_INFINITY;
    let asked = 0;
    await t.page.route('**/api/bot-check?action=signin', (route) => {
      asked++;
      return refuse-- > 0 ? route.fulfill({ status: 503, body: '' }) : route.continue();
    });
    const posts: string[] = [];
    t.page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });

    await signInAs(email, 'Ledger2026!', false);
    await form().getByRole('alert').getByText(signInProofProblems.unreachable).waitFor();
    expect(posts).toEqual([]);
    expect(asked % 2).toBe(0);
    expect(await form().getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);

    // The network comes back after one more failure: the second try gets a challenge, and signs in.
    refuse = 1;
    asked = 0;
    await signIn();
    await t.page.waitForURL('**/back-office');
    expect(asked).toBe(2);
    expect(posts.filter((url) => url.endsWith('/login'))).toHaveLength(1);
  });
});

import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect } from 'vitest';
import { sha512Hex } from '#shared/password.ts';
import type { TestApp } from './app.ts';
import { send } from './http.ts';
import { formToken } from './staff.ts';

// Posts to the sign-in and reset forms as their pages send them, for the API tests of accounts.

export function postForm(
  site: TestApp,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
) {
  return send(site, path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Signs in through /login from `ip` (the app trusts the proxy header), as the login page posts. */
export async function signInFrom(
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
export async function signInProof(site: TestApp) {
  const answer = await (await send(site, '/api/bot-check?action=signin')).json();
  expect(answer.provider).toBe('altcha');
  const solution = await solveChallenge({ challenge: answer.challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: answer.challenge, solution })).toString('base64');
}

export const notice = (response: Response) => response.headers.get('location');

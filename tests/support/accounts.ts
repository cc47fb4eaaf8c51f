import path from 'node:path';
import type { Page } from 'playwright-core';
import { signInProofField } from '#shared/accounts.ts';
import { sha512Hex } from '#shared/password.ts';
import { userCommand as userCommandInProcess } from '../../scripts/user-command.ts';
import { runInProcess } from './commands.ts';
import { send } from './http.ts';
import type { RunningSite } from './site.ts';

/** A running site, in process or spawned: where it listens, its SQLite folder and its mail. */
type Site = Pick<RunningSite, 'url' | 'dataDir' | 'smtp'>;

import { formToken } from './staff.ts';

/**
 * `npm run user:add -- EMAIL --owner` against the running site's database (without `--owner` when `role`
 * is `staff`): the user is emailed an invitation.
 */
export async function addUser(site: Site, email: string, role: 'owner' | 'staff' = 'owner') {
  await userCommand(site, 'add', email, ...(role === 'owner' ? ['--owner'] : []));
}

/**
 * A member of staff invited from the command line who has chosen `password` through the link in their
 * invitation, ready to sign in.
 */
export async function addStaffWithPassword(
  site: Site,
  email: string,
  password: string,
  role: 'owner' | 'staff' = 'owner',
) {
  await addUser(site, email, role);
  const invitation = await site.smtp.waitFor((m) => m.to.includes(email));
  await setPasswordWithLink(site, resetLinkIn(invitation.parsed.text), password);
}

/**
 * `npm run user:COMMAND -- EMAIL [FLAGS]` against the running site's database, run in this process: what
 * it printed. A refusal throws, with what it said as `stderr`, as the spawned command's failure would.
 */
export async function userCommand(
  site: Pick<RunningSite, 'dataDir' | 'url'>,
  command: 'add' | 'list' | 'name' | 'disable' | 'enable' | 'role',
  ...args: string[]
) {
  const { code, out, err } = await runInProcess(userCommandInProcess, [command, ...args], {
    DATABASE_URL: `sqlite:${path.join(site.dataDir, 'site.db')}`,
    PUBLIC_URL: site.url,
  });
  if (code !== 0) throw Object.assign(new Error(`user ${command} exited ${code}`), { stderr: err });
  return out;
}

/** The set-password link in an invitation or reset email. */
export function resetLinkIn(text: string | undefined): string {
  const link = text?.match(/http:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`No reset link in:\n${text}`);
  return link;
}

/** Chooses a password through the link in an invitation, as the reset page's form would post it. */
export async function setPasswordWithLink(site: Pick<Site, 'url'>, link: string, password: string) {
  const tokenResponse = await send(site, '/api/form-token');
  const cookie = (tokenResponse.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { token } = await tokenResponse.json();
  const response = await send(site, '/reset-password', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url, cookie },
    body: new URLSearchParams({
      token: new URL(link).searchParams.get('token') as string,
      p: await sha512Hex(password),
      formToken: token,
    }),
  });
  if (response.status !== 303) throw new Error(`Setting the password answered ${response.status}`);
}

/** Signs in on the login page, and waits for the back office to greet the user. */
export async function signInOnPage(page: Page, site: Pick<Site, 'url'>, email: string, password: string) {
  await page.goto(`${site.url}/login`);
  const form = page.locator('form.account-form');
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/back-office');
  // On a phone the name sits in the folded menu: there, but not shown until the menu opens.
  await page.getByText(`Signed in as ${email}`).waitFor({ state: 'attached' });
}

/**
 * Posts /login as a script would, from `ip` (the site must trust the proxy header), with a proof of work
 * only when given one. Answers where the site sent it.
 */
export async function postSignIn(
  site: Pick<RunningSite, 'url'>,
  fields: { email: string; password: string; ip: string; proofOfWork?: string },
) {
  const { cookie, token } = await formToken(site);
  const response = await send(site, '/login', {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: site.url,
      cookie,
      'x-forwarded-for': fields.ip,
    },
    body: new URLSearchParams({
      emailAddress: fields.email,
      p: await sha512Hex(fields.password),
      formToken: token,
      ...(fields.proofOfWork !== undefined && { [signInProofField]: fields.proofOfWork }),
    }),
  });
  return response.headers.get('location');
}

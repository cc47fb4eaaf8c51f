import type { Page } from 'playwright-core';
import type { Db } from '#server/db/database.ts';
import { createPasswordLinks } from '#server/features/accounts/password-links.ts';
import { hashPassword } from '#server/features/accounts/passwords.ts';
import { sessionLifetimeMs } from '#server/features/accounts/sign-in.ts';
import { hashToken, newToken } from '#server/tokens.ts';
import type { StaffRole } from '#shared/back-office.ts';
import { sha512Hex } from '#shared/password.ts';
import { demoFirm } from './firms.ts';
import type { Reachable } from './http.ts';
import { backOfficeClient, formToken } from './staff.ts';

/** The password every fixture account has, for the few specs that type it again (e.g. to confirm). */
export const fixturePassword = 'Ledger2026!';

let fixtureHash: Promise<string> | undefined;

/**
 * A member of staff with `fixturePassword` set, as the invitation link would leave them (an owner unless
 * `role` says); the same person again if they exist. Written straight into the database: the command
 * and the invitation that do this for real have their own specs (accounts.test.ts, scripts/user.test.ts).
 */
export async function staffMember(site: { db: Db }, email: string, role: StaffRole = 'owner') {
  fixtureHash ??= sha512Hex(fixturePassword).then(hashPassword);
  const now = new Date().toISOString();
  const existing = await site.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing) return existing.id;
  const { id } = await site.db
    .insertInto('users')
    .values({
      email,
      password_hash: await fixtureHash,
      status: 'active',
      role,
      created_at: now,
      password_changed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * A session for `email` (the account made if new, an owner unless `role` says), written as a successful
 * sign-in from `userAgent` writes it, without posting /login (Epic Stack's login fixture): the session
 * cookie's value. The form itself is proven in accounts.test.ts.
 */
async function startSession(site: { db: Db }, email: string, role: StaffRole, userAgent: string | null) {
  const userId = await staffMember(site, email, role);
  const session = newToken();
  const at = new Date();
  await site.db
    .insertInto('sessions')
    .values({
      id_hash: hashToken(session),
      user_id: userId,
      kind: 'browser',
      created_at: at.toISOString(),
      last_seen_at: at.toISOString(),
      expires_at: new Date(at.getTime() + sessionLifetimeMs.browser).toISOString(),
      ip_address: '127.0.0.1',
      user_agent: userAgent,
    })
    .execute();
  return session;
}

/**
 * Signs `email` in on `page` through a written session (see startSession), then opens `at` (the back
 * office's overview unless said) and waits for the back office to greet them.
 */
export async function signIn(
  page: Page,
  site: { url: string; db: Db },
  email: string,
  role: StaffRole = 'owner',
  at = '/back-office',
) {
  const userAgent = await page.evaluate(() => navigator.userAgent).catch(() => null);
  const session = await startSession(site, email, role, userAgent);
  await page
    .context()
    .addCookies([{ name: 'session', value: session, url: site.url, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto(`${site.url}${at}`);
  // They are greeted by their name, or their address until they have one. On a phone the greeting sits
  // in the folded menu: there, but not shown until the menu opens.
  const { name } = await site.db
    .selectFrom('users')
    .select('name')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  await page.getByText(`Signed in as ${name ?? email}`).waitFor({ state: 'attached' });
}

/**
 * The cookies and form token a signed-in browser of `userAgent` sends, through a written session (see
 * startSession), for `backOfficeClient`.
 */
export async function signedInApi(
  site: Reachable & { db: Db },
  email: string,
  role: StaffRole = 'owner',
  userAgent = 'practice-site tests',
) {
  const session = await startSession(site, email, role, userAgent);
  const { cookie, token } = await formToken(site);
  return { cookies: `${cookie}; session=${session}`, token };
}

/** The back office's API as `email` would call it from their screens (see signedInApi). */
export async function staffApi(site: Reachable & { db: Db }, email: string, role: StaffRole = 'owner') {
  return backOfficeClient(site, await signedInApi(site, email, role));
}

/**
 * A set-password link for `email` (a member of staff without a password yet, made if new), as the
 * invitation email carries it, issued straight into the database; `npm run user:add` and the email that
 * carries the link have their own specs.
 */
export async function passwordLinkFor(site: { url: string; db: Db }, email: string) {
  const now = () => new Date();
  const existing = await site.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  const userId =
    existing?.id ??
    (
      await site.db
        .insertInto('users')
        .values({
          email,
          password_hash: null,
          status: 'active',
          role: 'owner',
          created_at: now().toISOString(),
          password_changed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const links = createPasswordLinks({ db: site.db, now, firm: demoFirm, publicUrl: new URL(site.url) });
  return site.db.transaction().execute((trx) => links.issueToken(trx, userId, 'invite'));
}

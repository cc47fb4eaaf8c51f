import { hashPassword } from '#server/features/accounts/passwords.ts';
import { backOfficeApi, formTokenHeader, type StaffRole } from '#shared/back-office.ts';
import { sha512Hex } from '#shared/password.ts';
import type { TestApp } from './app.ts';
import { type Reachable, send } from './http.ts';

/** A member of staff with a password, as the reset flow would leave them; an owner unless `role` says. */
export async function createStaff(site: TestApp, email: string, password: string, role: StaffRole = 'owner') {
  await site.db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword(await sha512Hex(password)),
      status: 'active',
      role,
      created_at: new Date().toISOString(),
      password_changed_at: new Date().toISOString(),
    })
    .execute();
}

/** What our pages have before they post: the form-token cookie and the same token for the form. */
export async function formToken(site: Reachable) {
  const response = await send(site, '/api/form-token');
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { token } = await response.json();
  return { cookie, token: token as string };
}

/**
 * Signs a new member of staff (an owner unless `role` says) in through /login: the cookies a browser
 * would then send, and its token.
 */
export async function signedInStaff(site: TestApp, email: string, role: StaffRole = 'owner') {
  await createStaff(site, email, 'Correct1', role);
  return signInThroughLogin(site, email, 'Correct1');
}

/**
 * Signs an existing member of staff in through /login, as a browser with `userAgent` would: a session of
 * its own each time. Throws if the sign-in is refused.
 */
export async function signInThroughLogin(
  site: Reachable,
  email: string,
  password: string,
  userAgent = 'practice-site tests',
) {
  const { cookie, token } = await formToken(site);
  const response = await send(site, '/login', {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: site.url,
      cookie,
      'user-agent': userAgent,
    },
    body: new URLSearchParams({ emailAddress: email, p: await sha512Hex(password), formToken: token }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith('session='));
  if (!session) throw new Error(`Signing in ${email} failed with ${response.status}`);
  return { cookies: `${cookie}; ${session.split(';')[0]}`, token };
}

/**
 * The back office's API as its screens call it, for one signed-in member of staff: `send` carries our
 * Origin and the form token, as every change must.
 */
export function backOfficeClient(site: Reachable, staff: { cookies: string; token: string }) {
  const url = (path: string) => `${backOfficeApi}${path}`;
  const get = (path: string) => send(site, url(path), { headers: { cookie: staff.cookies } });
  return {
    get,
    json: async (path: string) => (await get(path)).json(),
    send: (path: string, body?: unknown, method = 'POST', headers: Record<string, string> = {}) =>
      send(site, url(path), {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          cookie: staff.cookies,
          origin: site.url,
          [formTokenHeader]: staff.token,
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}

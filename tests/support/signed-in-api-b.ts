import type { Db } from '#server/db/database.ts';
import { sessionLifetimeMs } from '#server/features/accounts/sign-in.ts';
import { hashToken, newToken } from '#server/tokens.ts';
import type { StaffRole } from '#shared/back-office.ts';
import type { Reachable } from './http.ts';
import { staffMember } from './signed-in.ts';
import { formToken } from './staff.ts';

/**
 * The cookies and form token of a signed-in member of staff (an owner unless `role` says; the account if
 * it is new), for `backOfficeClient`, without posting the sign-in form: a browser session row as a
 * successful sign-in from `userAgent` writes it, as `signIn` (signed-in.ts) does for a page. The form
 * itself is proven in accounts.test.ts.
 */
export async function signedInApi(
  site: Reachable & { db: Db },
  email: string,
  role: StaffRole = 'owner',
  userAgent = 'practice-site tests',
) {
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
  const { cookie, token } = await formToken(site);
  return { cookies: `${cookie}; session=${session}`, token };
}

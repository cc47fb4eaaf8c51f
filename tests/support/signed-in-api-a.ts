import type { Db } from '#server/db/database.ts';
import { sessionLifetimeMs } from '#server/features/accounts/sign-in.ts';
import { hashToken, newToken } from '#server/tokens.ts';
import type { StaffRole } from '#shared/back-office.ts';
import { staffMember } from './signed-in.ts';
import { backOfficeClient, formToken } from './staff.ts';

/**
 * The back office's API for `email` (made a member of staff if new, an owner unless `role` says), signed
 * in without posting /login: a session row as a successful sign-in writes it, as `signIn` (signed-in.ts)
 * does for a page. For specs that only need to set something up through the API; /login itself is
 * proven in accounts.test.ts.
 */
export async function staffApi(site: { url: string; db: Db }, email: string, role: StaffRole = 'owner') {
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
      user_agent: 'practice-site tests',
    })
    .execute();
  const { cookie, token } = await formToken(site);
  return backOfficeClient(site, { cookies: `${cookie}; session=${session}`, token });
}

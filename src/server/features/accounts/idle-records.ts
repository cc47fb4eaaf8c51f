import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { deleteIdleThrottles } from './throttle.ts';

/**
 * What the accounts feature keeps of IP addresses past its use, for the daily retention job: sign-in
 * throttle rows that limit nothing any more, and sessions past their expiry, which can never be used again
 * (sign-in.ts refuses them) yet hold the IP address and browser they were opened from. Answers how many
 * of each went.
 */
export async function deleteIdleSignInRecords(executor: Kysely<Database>, at: Date) {
  const signInThrottles = await deleteIdleThrottles(executor, at);
  const sessions = await executor
    .deleteFrom('sessions')
    .where('expires_at', '<=', at.toISOString())
    .executeTakeFirst();
  return { signInThrottles, expiredSessions: Number(sessions.numDeletedRows) };
}

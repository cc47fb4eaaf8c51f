import { createHash } from 'node:crypto';
import { recordAudit } from '#server/audit/log.ts';
import { browserName } from './browser-name.ts';
import type { AccountContext } from './context.ts';

/**
 * The name a session is shown and ended by: a hash of the hash the database keeps, so it is neither the
 * cookie value nor the table's key, and knowing it lets nobody sign in or look the session up directly.
 */
export const sessionHandle = (idHash: string) =>
  createHash('sha256').update(`session handle ${idHash}`).digest('base64url');

/** A signed-in user's own sessions: seeing them, and ending one (another browser, a lost phone). */
export function createOwnSessions({ db, now }: AccountContext) {
  const liveSessionsOf = (userId: number) =>
    db
      .selectFrom('sessions')
      .select(['id_hash', 'kind', 'created_at', 'last_seen_at', 'user_agent'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now().toISOString())
      .orderBy('last_seen_at', 'desc')
      .orderBy('created_at', 'desc')
      .execute();

  return {
    /** The user's sessions that have not ended or expired, most recently active first; `current` is this one's. */
    async ownSessions(user: { id: number; session: string }) {
      const sessions = await liveSessionsOf(user.id);
      return sessions.map((row) => {
        const session = sessionHandle(row.id_hash);
        return {
          session,
          kind: row.kind,
          startedAt: row.created_at,
          lastSeen: row.last_seen_at,
          browser: browserName(row.user_agent),
          current: session === user.session,
        };
      });
    },

    /**
     * Ends the user's session with this handle, and records it in the same transaction; false when none of
     * theirs has it (another user's session is never found, so it cannot be ended or even confirmed).
     */
    async endOwnSession(user: { id: number; email: string }, handle: string): Promise<boolean> {
      const sessions = await liveSessionsOf(user.id);
      const target = sessions.find((row) => sessionHandle(row.id_hash) === handle);
      if (!target) return false;
      return db.transaction().execute(async (trx) => {
        const ended = await trx
          .deleteFrom('sessions')
          .where('id_hash', '=', target.id_hash)
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        if (Number(ended.numDeletedRows) === 0) return false;
        await recordAudit(
          trx,
          {
            userId: user.id,
            action: 'session.ended',
            subject: user.email,
            detail: { browser: browserName(target.user_agent), startedAt: target.created_at },
          },
          now(),
        );
        return true;
      });
    },
  };
}

import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '#server/audit/log.ts';
import { isPostgres } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { hashToken, looksLikeToken, newToken } from '#server/tokens.ts';
import { resetPasswordPage } from '#shared/api/accounts.ts';
import { type AccountContext, hour, normalEmail } from './context.ts';
import { passwordChangedEmail, resetLinkEmail } from './emails.ts';
import { hashPassword } from './passwords.ts';
import { createSignInThrottle } from './throttle.ts';

const tokenLifetimeMs = { reset: hour, invite: 7 * 24 * hour } as const;
/** At most this many reset emails an hour to one account, however often the form is sent. */
const resetEmailsPerHour = 3;

/** Links that let a person choose a password: the invitation's and the reset's. */
export function createPasswordLinks({ db, now, firm, publicUrl }: AccountContext & { publicUrl: URL }) {
  const throttle = createSignInThrottle(now);
  const passwordLink = (token: string) => new URL(`${resetPasswordPage.path}?token=${token}`, publicUrl).href;

  /** A new link for the user, stored only as its hash. */
  async function issueToken(trx: Transaction<Database>, userId: number, purpose: 'reset' | 'invite') {
    const token = newToken();
    const at = now();
    await trx
      .insertInto('password_tokens')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        purpose,
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + tokenLifetimeMs[purpose]).toISOString(),
        used_at: null,
      })
      .execute();
    return passwordLink(token);
  }

  /** The unused, unexpired token's row with its (active) user, or undefined. */
  const findToken = (executor: Kysely<Database>, token: string) =>
    executor
      .selectFrom('password_tokens')
      .innerJoin('users', 'users.id', 'password_tokens.user_id')
      .select((eb) => [
        'password_tokens.token_hash',
        'password_tokens.purpose',
        'users.id as userId',
        'users.email',
        // 1 or 0 on SQLite, true or false on PostgreSQL: either reads as its truth.
        eb('users.password_hash', 'is not', null).as('hadPassword'),
      ])
      .where('password_tokens.token_hash', '=', hashToken(token))
      .where('password_tokens.used_at', 'is', null)
      .where('password_tokens.expires_at', '>', now().toISOString())
      .where('users.status', '=', 'active')
      .executeTakeFirst();

  return {
    issueToken,

    /**
     * Emails a reset link to an active account (a few an hour at most); says nothing about whether one
     * exists. Each link sent goes in the audit log with the address that asked (`ipAddress`, when known).
     */
    async sendResetLink(email: string, ipAddress: string | null = null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        let account = trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', normalEmail(email))
          .where('status', '=', 'active');
        // Requests for one account take turns, so that two at once cannot both find room under the cap
        // (SQLite's transactions take turns already).
        if (isPostgres(trx)) account = account.forUpdate();
        const user = await account.executeTakeFirst();
        if (!user) return;
        const { sent } = await trx
          .selectFrom('password_tokens')
          .select((eb) => eb.fn.countAll<number>().as('sent'))
          .where('user_id', '=', user.id)
          .where('purpose', '=', 'reset')
          .where('created_at', '>', new Date(now().getTime() - hour).toISOString())
          .executeTakeFirstOrThrow();
        if (Number(sent) >= resetEmailsPerHour) return;
        const link = await issueToken(trx, user.id, 'reset');
        await enqueueMail(
          trx,
          'password-reset-link',
          resetLinkEmail(firm(), normalEmail(email), link),
          now(),
        );
        await recordAudit(
          trx,
          {
            userId: null,
            action: 'password.reset-link-sent',
            subject: normalEmail(email),
            ...(ipAddress && { detail: { ipAddress } }),
          },
          now(),
        );
      });
    },

    /** Whether a set-password link can still be used. */
    async tokenIsUsable(token: string): Promise<boolean> {
      return looksLikeToken(token) && (await findToken(db, token)) !== undefined;
    },

    /**
     * Sets the password behind a link, once: that link and every other reset or invitation link the user
     * still holds stop working, every session of the user ends, addresses waiting after failures on the
     * account may try again, and they are told by email if they had a password before; the audit log
     * records it as done by the user, with which kind of link and from where (`ipAddress`, when known).
     * False when the link cannot be used.
     */
    async setPassword(
      token: string,
      passwordHash: string,
      ipAddress: string | null = null,
    ): Promise<boolean> {
      // Checked before the costly Argon2 hash, so a dead link is cheap; checked again in the transaction.
      if (!looksLikeToken(token) || !(await findToken(db, token))) return false;
      const newHash = await hashPassword(passwordHash);
      const at = now();
      const changed = await db.transaction().execute(async (trx) => {
        const found = await findToken(trx, token);
        if (!found) return false;
        // Only one of two racing posts of the same link gets to spend it.
        const spent = await trx
          .updateTable('password_tokens')
          .set({ used_at: at.toISOString() })
          .where('token_hash', '=', found.token_hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) return false;
        // An older link, perhaps in a mailbox someone else can read, must not set the password again.
        await trx
          .updateTable('password_tokens')
          .set({ used_at: at.toISOString() })
          .where('user_id', '=', found.userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .updateTable('users')
          .set({ password_hash: newHash, password_changed_at: at.toISOString() })
          .where('id', '=', found.userId)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', found.userId).execute();
        await throttle.liftAddressLimitsOf(trx, found.email);
        // A first password (an invitation's, or a reset asked for before accepting one) changes nothing
        // the person had: telling them their password "was changed" would only alarm them.
        if (found.hadPassword) {
          await enqueueMail(trx, 'password-changed', passwordChangedEmail(firm(), found.email, at), at);
        }
        await recordAudit(
          trx,
          {
            userId: found.userId,
            action: 'password.set',
            subject: found.email,
            detail: {
              link: found.purpose === 'invite' ? 'invitation' : 'reset',
              ...(ipAddress && { ipAddress }),
            },
          },
          at,
        );
        return true;
      });
      return changed === true;
    },
  };
}

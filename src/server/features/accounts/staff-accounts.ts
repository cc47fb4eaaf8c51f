import type { Transaction } from 'kysely';
import { type AuditAction, recordAudit } from '#server/audit/log.ts';
import { isPostgres } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { staffNameKey } from '#shared/api/back-office-staff.ts';
import type { StaffRole } from '#shared/back-office.ts';
import { type AccountContext, normalEmail } from './context.ts';
import { invitationEmail } from './emails.ts';

/** A change to an account made by a member of staff, or (no one signed in) from the command line. */
const auditEntry = (by: number | null, action: AuditAction, email: string, detail: object = {}) => ({
  userId: by,
  action,
  subject: email,
  detail: { ...detail, ...(by === null && { via: 'command line' }) },
});

/**
 * Whether taking `userId` out of the enabled owners would leave none: then nobody could manage accounts,
 * settings or data protection, and the firm would be locked out. On PostgreSQL the enabled owners' rows
 * are locked first, so two owners demoting or disabling each other at once are taken one after the
 * other, and the second sees the first's change (SQLite runs one writing transaction at a time).
 */
async function isLastEnabledOwner(trx: Transaction<Database>, userId: number): Promise<boolean> {
  let owners = trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .orderBy('id');
  if (isPostgres(trx)) owners = owners.forUpdate();
  const ids = (await owners.execute()).map((owner) => owner.id);
  return ids.includes(userId) && ids.length === 1;
}

/** Whether another account has a name that reads as `name` does (staffNameKey): two would confuse a timeline. */
async function nameTaken(trx: Transaction<Database>, name: string | null, userId?: number) {
  if (name === null) return false;
  const key = staffNameKey(name);
  const named = await trx.selectFrom('users').select(['id', 'name']).where('name', 'is not', null).execute();
  return named.some((user) => user.id !== userId && user.name !== null && staffNameKey(user.name) === key);
}

/** The firm's staff accounts: adding someone (with an invitation link), listing, disabling, re-enabling. */
export function createStaffAccounts({
  db,
  now,
  firm,
  issueToken,
}: AccountContext & {
  issueToken: (trx: Transaction<Database>, userId: number, purpose: 'invite') => Promise<string>;
}) {
  /** A new active account without a password (its invitation sets one): its id. */
  const insertUser = async (
    trx: Transaction<Database>,
    email: string,
    role: StaffRole,
    name: string | null,
  ) =>
    (
      await trx
        .insertInto('users')
        .values({
          email: normalEmail(email),
          name,
          password_hash: null,
          status: 'active',
          role,
          created_at: now().toISOString(),
          password_changed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  return {
    /**
     * Creates an active user without a password and emails them a link to choose one; the audit log
     * records who did it (`by`: a member of staff, or null from the command line) in the same transaction.
     * The first account ever created is an owner whatever `role` says: someone must be able to add the rest.
     * `name` is null only from the command line, when none is given: they can give it once signed in.
     */
    async addUser(
      email: string,
      by: number | null,
      { role = 'staff', name }: { role?: StaffRole; name: string | null },
    ): Promise<'added' | 'exists' | 'name-taken'> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', normalEmail(email))
          .executeTakeFirst();
        if (existing) return 'exists';
        if (await nameTaken(trx, name)) return 'name-taken';
        const anyone = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
        const userId = await insertUser(trx, email, anyone ? role : 'owner', name);
        const link = await issueToken(trx, userId, 'invite');
        await enqueueMail(
          trx,
          'account-invitation',
          invitationEmail(firm(), { email: normalEmail(email), name }, link),
          now(),
        );
        await recordAudit(trx, auditEntry(by, 'staff.invited', normalEmail(email)), now());
        return 'added';
      });
    },

    /**
     * Makes the site's first account, an owner, and answers the link to choose their password; null when
     * `claim` refuses (the set-up token is wrong or used) or an account exists already. The link is not
     * emailed: the set-up page takes its user straight to it, mail or no mail.
     */
    async addFirstOwner(
      { email, name }: { email: string; name: string },
      claim: (trx: Transaction<Database>) => Promise<boolean>,
    ): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        if (!(await claim(trx))) return null;
        if (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return null;
        const link = await issueToken(trx, await insertUser(trx, email, 'owner', name), 'invite');
        await recordAudit(
          trx,
          {
            userId: null,
            action: 'staff.invited',
            subject: normalEmail(email),
            detail: { via: 'set-up page' },
          },
          now(),
        );
        return link;
      });
    },

    listUsers: () =>
      db
        .selectFrom('users')
        .select([
          'email',
          'name',
          'status',
          'role',
          'created_at',
          'password_changed_at',
          'availability_granted_at',
        ])
        .orderBy('email')
        .execute(),

    /**
     * Gives an account a new name, recorded in the audit log with the old one; the same name again
     * changes nothing and records nothing. A name that reads as a colleague's is refused.
     */
    async renameUser(
      email: string,
      name: string,
      by: number | null,
    ): Promise<'renamed' | 'no-such-user' | 'name-taken'> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select(['id', 'name'])
          .where('email', '=', normalEmail(email))
          .executeTakeFirst();
        if (!user) return 'no-such-user';
        if (user.name === name) return 'renamed';
        if (await nameTaken(trx, name, user.id)) return 'name-taken';
        await trx.updateTable('users').set({ name }).where('id', '=', user.id).execute();
        await recordAudit(
          trx,
          auditEntry(by, 'staff.renamed', normalEmail(email), { from: user.name, name }),
          now(),
        );
        return 'renamed';
      });
    },

    /**
     * A disabled user is signed out everywhere, their links stop working, and they cannot sign in. The
     * audit entry (who did it, as for `addUser`) is written in the same transaction.
     */
    async disableUser(email: string, by: number | null): Promise<'disabled' | 'no-such-user' | 'last-owner'> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', normalEmail(email))
          .executeTakeFirst();
        if (!user) return 'no-such-user';
        if (await isLastEnabledOwner(trx, user.id)) return 'last-owner';
        await trx.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
        await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
        await trx
          .updateTable('password_tokens')
          .set({ used_at: now().toISOString() })
          .where('user_id', '=', user.id)
          .where('used_at', 'is', null)
          .execute();
        await recordAudit(trx, auditEntry(by, 'staff.disabled', normalEmail(email)), now());
        return 'disabled';
      });
    },

    /**
     * Lets a disabled user sign in again with the password they had: disabling kept it, and ended only
     * their sessions and links. An account that is not disabled is left as it is, and nothing is recorded.
     */
    async enableUser(email: string, by: number | null): Promise<'enabled' | 'not-disabled' | 'no-such-user'> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select(['id', 'status'])
          .where('email', '=', normalEmail(email))
          .executeTakeFirst();
        if (!user) return 'no-such-user';
        if (user.status !== 'disabled') return 'not-disabled';
        await trx.updateTable('users').set({ status: 'active' }).where('id', '=', user.id).execute();
        await recordAudit(trx, auditEntry(by, 'staff.enabled', normalEmail(email)), now());
        return 'enabled';
      });
    },

    /**
     * Makes an account an owner or staff. Sessions read the role from the account on every request, so
     * the change applies at once wherever they are signed in. The last enabled owner stays an owner.
     */
    /**
     * Lets a member of staff keep the calendar's availability, or stops them; owners always may. The
     * same choice again changes nothing and records nothing.
     */
    async allowAvailability(
      email: string,
      allowed: boolean,
      by: number | null,
    ): Promise<'changed' | 'unchanged' | 'no-such-user' | 'owner'> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select(['id', 'role', 'availability_granted_at'])
          .where('email', '=', normalEmail(email))
          .executeTakeFirst();
        if (!user) return 'no-such-user';
        if (user.role === 'owner') return 'owner';
        if ((user.availability_granted_at !== null) === allowed) return 'unchanged';
        const at = now();
        await trx
          .updateTable('users')
          .set({ availability_granted_at: allowed ? at.toISOString() : null })
          .where('id', '=', user.id)
          .execute();
        await recordAudit(
          trx,
          auditEntry(by, 'staff.availability-changed', normalEmail(email), { allowed }),
          at,
        );
        return 'changed';
      });
    },

    async changeRole(
      email: string,
      role: StaffRole,
      by: number | null,
    ): Promise<'changed' | 'unchanged' | 'no-such-user' | 'last-owner'> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select(['id', 'role'])
          .where('email', '=', normalEmail(email))
          .executeTakeFirst();
        if (!user) return 'no-such-user';
        if (user.role === role) return 'unchanged';
        if (role !== 'owner' && (await isLastEnabledOwner(trx, user.id))) return 'last-owner';
        await trx.updateTable('users').set({ role }).where('id', '=', user.id).execute();
        await recordAudit(
          trx,
          auditEntry(by, 'staff.role-changed', normalEmail(email), { from: user.role, role }),
          now(),
        );
        return 'changed';
      });
    },
  };
}

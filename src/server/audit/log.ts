import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Everything the audit log records. Sign-in events name the address typed; the rest the person acting. */
export type AuditAction =
  | 'sign-in.succeeded'
  | 'sign-in.failed'
  | 'sign-in.throttled'
  | 'signed-out'
  | 'staff.invited'
  | 'staff.disabled'
  | 'availability.changed'
  | 'blocked-date.added'
  | 'blocked-date.removed'
  | 'data.exported'
  | 'data.erased';

export interface AuditEntry {
  /** Who acted: null when nobody is signed in (a failed sign-in). */
  userId: number | null;
  action: AuditAction;
  /** What it was done to: an email address, a date, a setting. */
  subject: string;
  detail?: unknown;
}

/**
 * Records who did what to whom, and when; kept when the data it is about has been erased. Pass the
 * transaction that makes the change, so the change and its entry are stored together or not at all.
 * Nothing in the app edits or deletes an entry, except that erasing a person's data replaces their
 * address in the entries that name it by a pseudonym (back-office/audit-entries-data.ts).
 */
export async function recordAudit(executor: Kysely<Database>, entry: AuditEntry, at = new Date()) {
  await executor
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      action: entry.action,
      subject: entry.subject,
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: at.toISOString(),
    })
    .execute();
}

/** The newest entries first, with who did them. */
export function recentAudit(db: Kysely<Database>, limit = 50) {
  return db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .select([
      'audit_log.action',
      'audit_log.subject',
      'audit_log.detail',
      'audit_log.created_at as at',
      'users.email as by',
    ])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .execute();
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type AuditAction =
  | 'staff.invited'
  | 'staff.disabled'
  | 'availability.changed'
  | 'data.exported'
  | 'data.erased';

/** Records who did what to whom, and when: kept when the data it is about has been erased. */
export async function recordAudit(
  db: Kysely<Database>,
  entry: { userId: number; action: AuditAction; subject: string; detail?: unknown },
) {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      action: entry.action,
      subject: entry.subject,
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: new Date().toISOString(),
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

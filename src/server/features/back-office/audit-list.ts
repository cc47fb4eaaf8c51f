import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { staffLabelWithAddress } from '#server/db/staff-label.ts';
import { keysetPage, type Page } from '#server/leads/list.ts';
import type { AuditEntry, auditLogQuerySchema } from '#shared/api/back-office-staff.ts';
import type { z } from '#shared/zod.ts';

/** Which list, and where the page before ended (a cursor the route has checked is one of ours). */
export type AuditListQuery = z.output<typeof auditLogQuerySchema>;

const auditListShape = { timeColumn: 'created_at', searchColumns: [] };

/** One page of one kind of entry, newest first, on the (kind, created_at, id) index. */
export async function listAudit(
  db: Kysely<Database>,
  query: AuditListQuery,
  limit?: number,
): Promise<Page<AuditEntry>> {
  const select = db
    .selectFrom('audit_log')
    // A subquery rather than a join, so that `id` and `created_at` name only the entry's own columns.
    .select((eb) => [
      'id',
      'action',
      'subject',
      'detail',
      'created_at',
      eb
        .selectFrom('users')
        .select(staffLabelWithAddress.as('by'))
        .whereRef('users.id', '=', 'audit_log.user_id')
        .as('by'),
    ])
    .where('kind', '=', query.kind);
  const page = await keysetPage(select, auditListShape, { order: 'newest', after: query.after }, limit);
  return {
    ...page,
    items: page.items.map((row) => ({
      action: row.action,
      subject: row.subject,
      detail: row.detail,
      at: row.created_at,
      by: row.by ?? null,
      ipAddress: ipAddressIn(row.detail),
    })),
  };
}

function ipAddressIn(detail: string): string | null {
  try {
    const { ipAddress } = JSON.parse(detail) ?? {};
    return typeof ipAddress === 'string' ? ipAddress : null;
  } catch {
    return null;
  }
}

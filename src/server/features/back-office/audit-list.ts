import type { Kysely } from 'kysely';
import { z } from 'zod';
import { auditKinds } from '../../../shared/audit.ts';
import type { Database } from '../../db/schema.ts';
import { cursorSchema, keysetPage, type Page } from '../../leads/list.ts';

export const auditListQuerySchema = z
  .object({
    /** Staff actions unless sign-in events are asked for. */
    kind: z.enum(auditKinds).default('staff'),
    after: cursorSchema.optional(),
  })
  .strict();
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export interface AuditRow {
  action: string;
  subject: string;
  /** JSON, as recorded. */
  detail: string;
  at: string;
  /** Who acted: the member of staff's address, or null when nobody was signed in. */
  by: string | null;
  /** Where a sign-in event came from, when it was recorded. */
  ipAddress: string | null;
}

const auditListShape = { timeColumn: 'created_at', searchColumns: [] };

/** One page of one kind of entry, newest first, on the (kind, created_at, id) index. */
export async function listAudit(
  db: Kysely<Database>,
  query: AuditListQuery,
  limit?: number,
): Promise<Page<AuditRow>> {
  const select = db
    .selectFrom('audit_log')
    // A subquery rather than a join, so that `id` and `created_at` name only the entry's own columns.
    .select((eb) => [
      'id',
      'action',
      'subject',
      'detail',
      'created_at',
      eb.selectFrom('users').select('users.email').whereRef('users.id', '=', 'audit_log.user_id').as('by'),
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

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// The audit log records the IP address a sign-in, a reset link or a new password came from (the entry's
// detail, `ipAddress`), to look into an attack on the accounts. That is needed for a while, not for as
// long as the entry: the retention job blanks it after auditAddressKeptDays (shared/address-retention.ts),
// and an erasure blanks it at once in the entries that name the erased person.

const ipAddressKey = 'ipAddress';

/** An entry's detail (JSON) without the IP address, the rest as it was; a detail without one, unchanged. */
export function withoutIpAddress(detail: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return detail;
  }
  if (parsed === null || typeof parsed !== 'object' || !(ipAddressKey in parsed)) return detail;
  const { [ipAddressKey]: _, ...rest } = parsed as Record<string, unknown>;
  return JSON.stringify(rest);
}

/** Blanks the IP address of every entry made before `before` (ISO); answers how many entries changed. */
export async function blankAuditAddressesBefore(db: Kysely<Database>, before: string): Promise<number> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'detail'])
    .where('created_at', '<', before)
    // A first cut in the database; withoutIpAddress decides.
    .where('detail', 'like', `%"${ipAddressKey}"%`)
    .execute();
  let changed = 0;
  for (const row of rows) {
    const detail = withoutIpAddress(row.detail);
    if (detail === row.detail) continue;
    await db.updateTable('audit_log').set({ detail }).where('id', '=', row.id).execute();
    changed += 1;
  }
  return changed;
}

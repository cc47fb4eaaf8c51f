import { sql } from 'kysely';
import { pseudonymiseAuditEntries } from '#server/audit/personal-data.ts';
import type { Db } from '#server/db/database.ts';
import { erasedAddress } from '#server/features/back-office/data-protection.ts';
import { erasedMarker } from '#server/leads/erased.ts';
import type { LeadRegistry } from '#server/leads/kind.ts';

// After retention anonymised their leads or deleted their subscription, a person's address may still be
// named in the audit log (a staff member exported their data, unsubscribed them, resent a confirmation).
// Once the site holds nothing else of theirs, those entries name them by the pseudonym an erasure would
// leave, so that the log keeps who did what and when without keeping the person. An address that still
// has a lead, a subscription (confirmed, or unsubscribed with its consent trail kept as proof) or a staff
// account keeps its entries: they are part of that record.

/** Pseudonymises the audit entries of each address the site no longer holds; answers how many entries. */
export async function pseudonymiseForgottenAddresses(
  trx: Db,
  leadKinds: LeadRegistry,
  addresses: Iterable<string>,
  secret: string,
) {
  const leadTables = leadKinds.flatMap(({ retention }) => (retention ? [retention.table] : []));
  let entries = 0;
  for (const address of new Set([...addresses].map((email) => email.trim().toLowerCase()))) {
    const sameAddress = (table: string) =>
      sql`select 1 from ${sql.table(table)} where lower(email) = ${address} and email <> ${erasedMarker}`;
    const { rows } = await sql`${sql.join(
      ['subscribers', 'users', ...leadTables].map(sameAddress),
      sql` union all `,
    )} limit 1`.execute(trx);
    if (rows.length === 0)
      entries += await pseudonymiseAuditEntries(trx, address, erasedAddress(secret, address));
  }
  return entries;
}

import type { Kysely } from 'kysely';
import { mayMentionAddress, mentionsAddress, replaceAddress } from '../db/address-matching.ts';
import type { Database } from '../db/schema.ts';
import { withoutIpAddress } from './ip-addresses.ts';

// The audit log names addresses (a sign-in attempt, an invitation, an export or erasure): for a
// data-protection request, the entries that name one address.

async function entriesNaming(db: Kysely<Database>, address: string) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'action', 'subject', 'detail', 'created_at'])
    .where((eb) => eb.or([mayMentionAddress(address, 'subject'), mayMentionAddress(address, 'detail')]))
    .orderBy('id')
    .execute();
  return rows.filter((row) => mentionsAddress(row.subject, address) || mentionsAddress(row.detail, address));
}

export async function exportAuditEntries(db: Kysely<Database>, address: string) {
  return (await entriesNaming(db, address)).map(({ id: _, detail, ...row }) => ({
    ...row,
    detail: JSON.parse(detail) as unknown,
  }));
}

/**
 * Replaces the address by `pseudonym` in every entry that names it. The entries stay (who did what, and
 * when, is the point of the log); only the address goes, with the IP address each was recorded from
 * (ip-addresses.ts), and the pseudonym still ties them together.
 */
export async function pseudonymiseAuditEntries(db: Kysely<Database>, address: string, pseudonym: string) {
  const rows = await entriesNaming(db, address);
  for (const row of rows) {
    await db
      .updateTable('audit_log')
      .set({
        subject: replaceAddress(row.subject, address, pseudonym),
        detail: withoutIpAddress(replaceAddress(row.detail, address, pseudonym)),
      })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}

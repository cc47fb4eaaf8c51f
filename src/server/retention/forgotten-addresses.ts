import { pseudonymiseAuditEntries } from '#server/audit/personal-data.ts';
import type { Db } from '#server/db/database.ts';
import { erasedAddress } from '#server/features/back-office/data-protection.ts';

// After their leads are anonymised, a person's address may still be named in the audit log (a staff
// member exported their data, unsubscribed them, resent a confirmation). Once the site holds nothing
// else of theirs, those entries name them by the pseudonym an erasure would leave, so that the log keeps
// who did what and when without keeping the person. An address that is still a subscriber (confirmed,
// or unsubscribed with its consent trail kept as proof) or a member of staff keeps its entries: they are
// part of that record.

/** Pseudonymises the audit entries of each address the site no longer holds; answers how many entries. */
export async function pseudonymiseForgottenAddresses(trx: Db, addresses: Iterable<string>, secret: string) {
  let entries = 0;
  for (const address of addresses) {
    const stillHeld = await trx
      .selectFrom('subscribers')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
      .union(
        trx
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', address)),
      )
      .executeTakeFirst();
    if (!stillHeld) entries += await pseudonymiseAuditEntries(trx, address, erasedAddress(secret, address));
  }
  return entries;
}

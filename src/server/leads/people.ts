import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { unmergeBeforeForgetting } from './merges.ts';

// Every lead belongs to one person, found by email address, letter case aside (decision 028).

/** What a lead says about the person who sent it; blank or missing details keep what the person had. */
export interface LeadContact {
  email: string;
  name?: string | null;
  phone?: string | null;
  organisation?: string | null;
}

/** The key a person is found by: addresses are ASCII (shared/email.ts), so lower-casing is all it takes. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** The row a person is made with from a lead: the address as given, its key, and the details it gives. */
export function personValues(contact: LeadContact, at: Date) {
  const detail = (value: string | null | undefined) => value?.trim() || null;
  return {
    email: contact.email.trim(),
    email_key: emailKey(contact.email),
    name: detail(contact.name),
    phone: detail(contact.phone),
    organisation: detail(contact.organisation),
    created_at: at.toISOString(),
  };
}

/**
 * The id of the person a new lead belongs to, made if the address is new. A later lead only fills in the
 * name, phone or organisation the person has none of: anyone can type anyone's address into a form, so a
 * stranger's enquiry must not change the number staff ring a client on. Each lead's page shows what it
 * said. The lead of a person staff merged into another is the other's. One statement on both databases (an upsert that answers the row), in the lead's transaction.
 */
export async function personFor(trx: Kysely<Database>, contact: LeadContact, at: Date): Promise<number> {
  const row = await trx
    .insertInto('people')
    .values(personValues(contact, at))
    .onConflict((conflict) =>
      conflict.column('email_key').doUpdateSet((eb) => ({
        name: eb.fn.coalesce('people.name', 'excluded.name'),
        phone: eb.fn.coalesce('people.phone', 'excluded.phone'),
        organisation: eb.fn.coalesce('people.organisation', 'excluded.organisation'),
      })),
    )
    .returning(['id', 'merged_into'])
    .executeTakeFirstOrThrow();
  // Staff merged this address's person into another: the lead is that person's.
  return row.merged_into ?? row.id;
}

/**
 * Forgets the people with these addresses once their leads are erased or anonymised: their leads and
 * opportunities stay, without a person; the record of their name, phone and organisation goes, with
 * the tasks about them, the replies written to them and the proposals they never accepted.
 *
 * A client (a proposal of theirs accepted) is kept, with what they signed and their due diligence: the
 * Money Laundering Regulations 2017 (regulation 40) have the firm keep them for five years after the
 * work ends, a legal duty that erasure does not override (UK GDPR article 17(3)(b)). Their leads are
 * still erased as asked.
 */
export async function forgetPeople(trx: Kysely<Database>, addresses: Iterable<string>): Promise<void> {
  const keys = [...new Set([...addresses].map(emailKey))];
  for (let start = 0; start < keys.length; start += 500) {
    const ids = (
      await trx
        .selectFrom('people')
        .select('id')
        .where('email_key', 'in', keys.slice(start, start + 500))
        .execute()
    ).map((person) => person.id);
    const clients = await clientsAmong(trx, ids);
    const forgotten = ids.filter((id) => !clients.has(id));
    if (forgotten.length === 0) continue;
    await forgetPeopleById(trx, forgotten);
  }
}

/** Those of these people who accepted a proposal. */
async function clientsAmong(trx: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await trx
    .selectFrom('proposals')
    .select('person_id')
    .distinct()
    .where('person_id', 'in', ids)
    .where('status', '=', 'accepted')
    .execute();
  return new Set(rows.map((row) => row.person_id));
}

async function forgetPeopleById(trx: Kysely<Database>, ids: number[]) {
  await unmergeBeforeForgetting(trx, ids, new Date());
  for (const table of ['enquiries', 'applications', 'bookings', 'opportunities'] as const) {
    await trx.updateTable(table).set({ person_id: null }).where('person_id', 'in', ids).execute();
  }
  // A task may name them ("ring Ann about her VAT"), and a reply is written to them: both go with them.
  for (const table of ['tasks', 'replies', 'due_diligence'] as const) {
    await trx.deleteFrom(table).where('person_id', 'in', ids).execute();
  }
  // Never accepted, so no signature, letter or webhook hangs on them; a later version names an earlier
  // one, and all go in one statement.
  await trx.deleteFrom('proposals').where('person_id', 'in', ids).execute();
  await trx.deleteFrom('people').where('id', 'in', ids).execute();
}

/**
 * What the site keeps on the person with this address, for a subject access request: their record, their
 * new business, the tasks about them, the replies written to them and their client due diligence; null
 * when there is no such person.
 */
export async function exportPerson(db: Kysely<Database>, address: string) {
  const person = await db
    .selectFrom('people')
    .selectAll()
    .where('email_key', '=', emailKey(address))
    .executeTakeFirst();
  if (!person) return null;
  const [opportunities, tasks, replies, dueDiligence] = await Promise.all([
    db.selectFrom('opportunities').selectAll().where('person_id', '=', person.id).orderBy('id').execute(),
    db.selectFrom('tasks').selectAll().where('person_id', '=', person.id).orderBy('id').execute(),
    db.selectFrom('replies').selectAll().where('person_id', '=', person.id).orderBy('id').execute(),
    // Their client due diligence: what was checked and the risk the firm rated them (no document is kept).
    db.selectFrom('due_diligence').selectAll().where('person_id', '=', person.id).executeTakeFirst(),
  ]);
  return { ...person, opportunities, tasks, replies, dueDiligence: dueDiligence ?? null };
}

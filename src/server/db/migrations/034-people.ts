import { type Kysely, sql } from 'kysely';
import { timestampType, withId } from '../columns.ts';

// One record per person (decision 028): every enquiry, quote request, application and call from one
// email address, letter case aside, belongs to one person, whose page shows them together. `email_key` is
// the address lower-cased (addresses are ASCII, so lower() in SQL and in JavaScript agree). A person's
// name, phone and organisation are the first their leads gave: anyone can type anyone's address into a
// form, so a later lead only fills in what is missing (leads/people.ts).

/** Each lead table, and its columns holding what a person record keeps (null: the form does not ask). */
const leadTables = [
  { table: 'enquiries', name: 'name', phone: 'phone', organisation: 'organisation' },
  { table: 'applications', name: 'your_name', phone: null, organisation: 'business_name' },
  { table: 'bookings', name: null, phone: null, organisation: null },
] as const;

/** What an erased lead keeps in place of its address (as leads/erased.ts said when this was written). */
const erased = '(erased)';

interface LeadContact {
  email: string;
  name: string | null;
  phone: string | null;
  organisation: string | null;
  created_at: unknown;
}

export async function up(db: Kysely<unknown>) {
  await withId(db, db.schema.createTable('people'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('phone', 'text')
    .addColumn('organisation', 'text')
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  for (const { table } of leadTables) {
    await db.schema
      .alterTable(table)
      .addColumn('person_id', 'integer', (c) => c.references('people.id'))
      .execute();
    await db.schema.createIndex(`${table}_by_person`).on(table).column('person_id').execute();
  }

  // The people a site's leads already name, oldest lead first: the first gives the address as written
  // and when the person arrived, each later one only the details still missing.
  const column = (name: string | null) => (name ? sql.ref(name) : sql`null`);
  const contacts = sql.join(
    leadTables.map(
      ({ table, name, phone, organisation }) => sql`select email, ${column(name)} as name,
        ${column(phone)} as phone, ${column(organisation)} as organisation, created_at
        from ${sql.table(table)} where email <> ${erased}`,
    ),
    sql` union all `,
  );
  const { rows } = await sql<LeadContact>`${contacts} order by created_at`.execute(db);
  const people = new Map<string, LeadContact>();
  for (const row of rows) {
    const key = row.email.toLowerCase();
    const person = people.get(key);
    if (!person) people.set(key, { ...row });
    else for (const field of ['name', 'phone', 'organisation'] as const) person[field] ||= row[field];
  }
  const values = [...people].map(([key, person]) => ({
    email: person.email,
    email_key: key,
    name: person.name || null,
    phone: person.phone || null,
    organisation: person.organisation || null,
    created_at: person.created_at,
  }));
  for (let start = 0; start < values.length; start += 500) {
    await (db as Kysely<{ people: (typeof values)[number] }>)
      .insertInto('people')
      .values(values.slice(start, start + 500))
      .execute();
  }
  for (const { table } of leadTables) {
    await sql`update ${sql.table(table)} set person_id =
      (select people.id from people where people.email_key = lower(${sql.ref(`${table}.email`)}))
      where email <> ${erased}`.execute(db);
  }
}

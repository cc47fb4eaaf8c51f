import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { databaseMigratedTo } from '#tests/support/migrated-database.ts';
import { migrateToLatest } from '../migrate.ts';

describeEachDatabase('migration 034 on the leads an older version kept', (kind) => {
  const migrated = databaseMigratedTo(kind, '033-staff-names');

  it('makes one person of every address, letter case aside, with the first details its leads gave', async () => {
    const { db } = migrated;
    const enquiry = (reference: string, email: string, name: string, phone: string | null, at: string) =>
      sql`insert into enquiries (reference, kind, name, email, organisation, phone, postcode, message, details, ip_address, created_at)
        values (${reference}, 'contact', ${name}, ${email}, 'Dentist', ${phone}, null, 'Hello', '{}', null, ${at})`.execute(
        db,
      );
    await enquiry(
      'FH-AAA-001',
      'Amira.Shah@Example.test',
      'Amira',
      '07700 900123',
      '2026-01-01T09:00:00.000Z',
    );
    await enquiry('FH-AAA-002', 'bo@example.test', 'Bo Lind', null, '2026-01-02T09:00:00.000Z');
    await enquiry('FH-AAA-003', '(erased)', '(erased)', null, '2026-01-03T09:00:00.000Z');
    await sql`insert into applications (reference, email, your_name, business_name, answers, created_at)
      values ('FH-AAA-004', 'amira.shah@example.test', 'Amira Shah', 'Shah Dental', '{}', '2026-02-01T09:00:00.000Z')`.execute(
      db,
    );
    await sql`insert into bookings (reference, email, starts_at, ends_at, local_date, local_time, time_zone, status, cancel_token_hash, created_at)
      values ('FH-AAA-005', 'AMIRA.SHAH@EXAMPLE.TEST', '2026-03-02T10:00:00.000Z', '2026-03-02T10:30:00.000Z',
        '2026-03-02', '10:00', 'Europe/London', 'confirmed', 'x', '2026-03-01T09:00:00.000Z')`.execute(db);
    await migrateToLatest(db);

    const people = await sql<{
      id: number;
      email: string;
      name: string;
      phone: string;
      organisation: string;
    }>`
      select id, email, email_key, name, phone, organisation from people order by id`.execute(db);
    expect(people.rows).toMatchObject([
      {
        email: 'Amira.Shah@Example.test',
        email_key: 'amira.shah@example.test',
        name: 'Amira',
        phone: '07700 900123',
        organisation: 'Dentist',
      },
      { email: 'bo@example.test', name: 'Bo Lind', phone: null, organisation: 'Dentist' },
    ]);
    const [amira, bo] = people.rows.map((person) => Number(person.id));
    const owners = await sql<{ reference: string; person_id: number | null }>`
      select reference, person_id from enquiries union all select reference, person_id from applications
      union all select reference, person_id from bookings order by reference`.execute(db);
    expect(
      owners.rows.map((row) => [row.reference, row.person_id === null ? null : Number(row.person_id)]),
    ).toEqual([
      ['FH-AAA-001', amira],
      ['FH-AAA-002', bo],
      ['FH-AAA-003', null],
      ['FH-AAA-004', amira],
      ['FH-AAA-005', amira],
    ]);
  });
});

import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { listAudit } from '#server/features/back-office/audit-list.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { databaseMigratedTo } from '#tests/support/migrated-database.ts';
import { migrateToLatest } from '../migrate.ts';

describeEachDatabase('migration 014 on an audit log an older version left', (kind) => {
  const migrated = databaseMigratedTo(kind, '012-booking-limits');

  it('puts each old entry in the list it belongs to', async () => {
    const old: [string, string][] = [
      ['staff.invited', 'ann@fenwickhale.test'],
      ['sign-in.failed', 'ann@fenwickhale.test'],
      ['sign-in.throttled', 'ann@fenwickhale.test'],
      ['sign-in.succeeded', 'ann@fenwickhale.test'],
      ['signed-out', 'ann@fenwickhale.test'],
      ['data.erased', '(erased abcdefghijkl)'],
    ];
    for (const [index, [action, subject]] of old.entries()) {
      const at = new Date(Date.UTC(2026, 0, 1, 9, index)).toISOString();
      await sql`insert into audit_log (user_id, action, subject, detail, created_at)
        values (null, ${action}, ${subject}, '{}', ${at})`.execute(migrated.db);
    }
    await migrateToLatest(migrated.db);

    const actions = async (list: 'staff' | 'sign-in') =>
      (await listAudit(migrated.db, { kind: list })).items.map((entry) => entry.action);
    expect(await actions('staff')).toEqual(['data.erased', 'staff.invited']);
    expect(await actions('sign-in')).toEqual([
      'signed-out',
      'sign-in.succeeded',
      'sign-in.throttled',
      'sign-in.failed',
    ]);
  });
});

import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createAccountService } from '#server/features/accounts/service.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { databaseMigratedTo } from '#tests/support/migrated-database.ts';
import { migrateToLatest } from '../migrate.ts';

describeEachDatabase('migration 015 on the accounts an older version left', (kind) => {
  const migrated = databaseMigratedTo(kind, '014-audit-kinds');

  it('makes everyone who already had an account an owner, and later accounts staff', async () => {
    for (const [email, status] of [
      ['ann@fenwickhale.test', 'active'],
      ['bob@fenwickhale.test', 'disabled'],
    ]) {
      await sql`insert into users (email, password_hash, status, created_at, password_changed_at)
        values (${email}, null, ${status}, '2026-01-01T09:00:00.000Z', null)`.execute(migrated.db);
    }
    await migrateToLatest(migrated.db);

    const accounts = createAccountService({
      firm: demoFirm,
      db: migrated.db,
      publicUrl: new URL('http://127.0.0.1'),
      now: () => new Date('2026-11-23T09:00:00Z'),
    });
    expect(await accounts.addUser('cat@fenwickhale.test', null, { name: 'Cat Lane' })).toBe('added');
    const roles = (await accounts.listUsers()).map(({ email, role }) => [email, role]);
    expect(roles).toEqual([
      ['ann@fenwickhale.test', 'owner'],
      ['bob@fenwickhale.test', 'owner'],
      ['cat@fenwickhale.test', 'staff'],
    ]);
  });
});

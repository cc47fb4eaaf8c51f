import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import {
  createMigratedTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/databases.ts';
import { withFreshReference } from './fresh-reference.ts';

describeEachDatabase('a new reference', (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createMigratedTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('is drawn again when it repeats one an enquiry already has', async () => {
    const enquiry = (reference: string, name: string) =>
      db
        .insertInto('enquiries')
        .values({
          reference,
          kind: 'contact',
          name,
          email: 'jane@example.com',
          organisation: '',
          phone: '',
          postcode: '',
          message: 'Hello',
          details: '{}',
          ip_address: '127.0.0.1',
          created_at: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.column('reference').doNothing())
        .returning(['reference', 'name'])
        .executeTakeFirst();
    await enquiry('FH-7K3-Q9P', 'Jane Doe');
    const draws = ['FH-7K3-Q9P', 'FH-7K3-Q9P', 'FH-M4X-2TR'];
    const row = await withFreshReference(
      'FH',
      (reference) => enquiry(reference, 'John Roe'),
      () => draws.shift() as string,
    );
    expect(row).toEqual({ reference: 'FH-M4X-2TR', name: 'John Roe' });
    expect(draws).toEqual([]);
    const stored = await db.selectFrom('enquiries').select(['reference', 'name']).orderBy('id').execute();
    expect(stored).toEqual([
      { reference: 'FH-7K3-Q9P', name: 'Jane Doe' },
      { reference: 'FH-M4X-2TR', name: 'John Roe' },
    ]);
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import {
  createMigratedTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/databases.ts';
import { freshReference } from './fresh-reference.ts';

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
    await db
      .insertInto('enquiries')
      .values({
        reference: 'FH-7K3-Q9P',
        kind: 'contact',
        name: 'Jane Doe',
        email: 'jane@example.com',
        organisation: '',
        phone: '',
        postcode: '',
        message: 'Hello',
        details: '{}',
        ip_address: '127.0.0.1',
        created_at: new Date().toISOString(),
      })
      .execute();
    const draws = ['FH-7K3-Q9P', 'FH-7K3-Q9P', 'FH-M4X-2TR'];
    expect(await freshReference(db, 'enquiries', 'FH', () => draws.shift() as string)).toBe('FH-M4X-2TR');
    expect(draws).toEqual([]);
  });
});

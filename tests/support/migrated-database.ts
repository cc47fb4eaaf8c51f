import { afterEach, beforeEach } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { migrateTo } from '#server/db/migrate.ts';
import {
  createMigratedTestDatabase,
  createTestDatabase,
  type DatabaseKind,
  type TestDatabase,
} from './databases.ts';

/**
 * For a migration's own tests: before each test, a fresh database of `kind` brought up to `migration`
 * (the last one before the migration under test), so the test can write data an older version left;
 * after it, the database is dropped. Read `db` and `database` inside the tests.
 */
export function databaseMigratedTo(kind: DatabaseKind, migration: string) {
  const current = {} as { db: Db; database: TestDatabase };
  beforeEach(async () => {
    current.database = await createTestDatabase(kind);
    current.db = createDatabase(loadConfig({ DATABASE_URL: current.database.url }).database);
    await migrateTo(current.db, migration);
  });
  afterEach(async () => {
    await current.db.destroy();
    await current.database.drop();
  });
  return current;
}

/**
 * Before each test, a fresh database of `kind` with every migration (copied from the run's template);
 * after it, the database is dropped. Read `db` and `database` inside the tests.
 */
export function freshDatabaseEachTest(kind: DatabaseKind) {
  const current = {} as { db: Db; database: TestDatabase };
  beforeEach(async () => {
    current.database = await createMigratedTestDatabase(kind);
    current.db = createDatabase(loadConfig({ DATABASE_URL: current.database.url }).database);
  });
  afterEach(async () => {
    await current.db.destroy();
    await current.database.drop();
  });
  return current;
}

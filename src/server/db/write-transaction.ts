import { sql } from 'kysely';
import { type Db, isPostgres } from './database.ts';

/**
 * A transaction for a check followed by a write that must not race another writer. SQLite's ordinary
 * BEGIN takes the file's write lock only at the first write, so two processes could both check, then both
 * write; BEGIN IMMEDIATE takes it at once, and the other waits (busy_timeout) until this one ends. Within
 * one process Kysely already runs one SQLite transaction at a time on its one connection. On PostgreSQL
 * this is an ordinary transaction: the caller takes the advisory locks its check needs.
 */
export async function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

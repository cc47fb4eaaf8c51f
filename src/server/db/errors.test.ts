import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { describeOnPostgres } from '#tests/support/databases.ts';
import { isDatabaseUnavailable } from './errors.ts';

// What makes the site answer 503 (come back later) rather than 500 (something is wrong with this
// request). A database that refuses this site's connection is an outage to the visitor, whatever the cause.

const postgresError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a database error that means "come back later"', () => {
  it('covers PostgreSQL refusing the connection: not accepting connections, starting, full, missing, wrong password', () => {
    for (const [code, message] of [
      ['55000', 'database "practice_site" is not currently accepting connections'],
      ['57P03', 'the database system is starting up'],
      ['53300', 'sorry, too many clients already'],
      ['3D000', 'database "practice_site" does not exist'],
      ['28P01', 'password authentication failed for user "practice_site"'],
      ['42501', 'permission denied for database practice_site'],
      ['08006', 'connection failure'],
    ] as const) {
      expect(isDatabaseUnavailable(postgresError(code, message)), code).toBe(true);
    }
  });

  it('leaves out what refuses the request itself: a broken rule, bad input, another 55000', () => {
    for (const [code, message] of [
      ['23505', 'duplicate key value violates unique constraint'],
      ['22P02', 'invalid input syntax for type integer'],
      ['55000', 'cannot perform operation on this object'],
      ['42501', 'permission denied for table subscribers'],
      ['SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed'],
    ] as const) {
      expect(isDatabaseUnavailable(postgresError(code, message)), code).toBe(false);
    }
  });
});

describeOnPostgres('a real PostgreSQL refusing the connection', () => {
  it('is what a real PostgreSQL answers for a database that does not exist', async () => {
    const url = new URL(
      process.env.TEST_DATABASE_URL ??
        'postgres://practice_site:practice_site@127.0.0.1:5432/practice_site_test',
    );
    url.pathname = '/no_such_database_for_this_test';
    const client = new pg.Client({ connectionString: url.href });
    const error = await client.connect().then(
      () => undefined,
      (refused: unknown) => refused,
    );
    await client.end().catch(() => {});
    expect((error as { code?: string }).code).toBe('3D000');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

import { sql } from 'kysely';
import { isPostgres } from '#server/db/database.ts';
import type { TestApp } from './app.ts';

/**
 * Makes every new audit entry fail to be written (reading the log still works), as a full disk or a lost
 * connection would at that moment; `false` undoes it.
 */
export async function refuseAuditEntries(site: Pick<TestApp, 'db'>, refuse: boolean) {
  const statements = isPostgres(site.db)
    ? refuse
      ? [
          sql`create function refuse_audit() returns trigger language plpgsql as $$
            begin raise exception 'the audit log is unavailable'; end $$`,
          sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`,
        ]
      : [sql`drop trigger refuse_audit on audit_log`, sql`drop function refuse_audit()`]
    : refuse
      ? [
          sql`create trigger refuse_audit before insert on audit_log
            begin select raise(abort, 'the audit log is unavailable'); end`,
        ]
      : [sql`drop trigger refuse_audit`];
  for (const statement of statements) await statement.execute(site.db);
}

import { databaseLabel } from '../settings/labels.ts';

/**
 * What `db:backup` and `db:restore` print on PostgreSQL, whose own tools do the job: pg_dump takes a
 * consistent snapshot while the site serves. The commands read the address from DATABASE_URL, so the
 * password is never printed; the address shown has it removed.
 */
export function postgresBackupAdvice(databaseUrl: string, file = 'FILE'): string {
  return [
    `The database is PostgreSQL (${databaseLabel({ kind: 'postgres', url: databaseUrl })}): back it up and restore it with PostgreSQL's own tools.`,
    'Back up (a consistent snapshot, safe while the site serves):',
    `  pg_dump --format=custom --file=${file} --dbname="\${DATABASE_URL:?load .env first}"`,
    'Restore into an empty database, with the site stopped:',
    `  pg_restore --no-owner --exit-on-error --dbname="\${DATABASE_URL:?load .env first}" ${file}`,
    "Both read DATABASE_URL from the shell: load the site's settings into it first, in the site's folder:",
    '(a value with spaces must be in quotes in .env for the shell to read it):',
    '  set -a; . ./.env; set +a',
    "or, to take the day's backup as the site does (with BACKUP_DIR set): npm run backup:now",
  ].join('\n');
}

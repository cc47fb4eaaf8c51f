import { sql } from 'kysely';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';
import { type Db, forgetOverwrittenBytes, isPostgres } from './database.ts';
import * as outbox from './migrations/001-outbox.ts';
import * as booking from './migrations/002-booking.ts';
import * as applications from './migrations/003-applications.ts';
import * as mailingList from './migrations/004-mailing-list.ts';
import * as botCheck from './migrations/005-bot-check.ts';
import * as enquiries from './migrations/006-enquiries.ts';
import * as accounts from './migrations/007-accounts.ts';
import * as leadHandling from './migrations/008-lead-handling.ts';
import * as backOfficeLists from './migrations/009-back-office-lists.ts';
import * as signInThrottle from './migrations/010-sign-in-throttle.ts';
import * as noReadableLinks from './migrations/011-no-readable-links.ts';
import * as bookingLimits from './migrations/012-booking-limits.ts';
import * as auditKinds from './migrations/014-audit-kinds.ts';
import * as staffRoles from './migrations/015-staff-roles.ts';
import * as backOfficeVisits from './migrations/016-back-office-visits.ts';
import * as oneWayToCloseADay from './migrations/017-one-way-to-close-a-day.ts';
import * as advisers from './migrations/018-advisers.ts';
import * as calendarReadUntil from './migrations/019-calendar-read-until.ts';
import * as articles from './migrations/020-articles.ts';
import * as campaigns from './migrations/021-campaigns.ts';
import * as articleRevisions from './migrations/022-article-revisions.ts';
import * as recipientMailCounts from './migrations/023-recipient-mail-counts.ts';
import * as mailFiles from './migrations/024-mail-files.ts';
import * as firm from './migrations/025-firm.ts';
import * as setupTokens from './migrations/026-setup-tokens.ts';
import * as firmPictures from './migrations/027-firm-pictures.ts';
import * as sitePages from './migrations/028-site-pages.ts';
import * as builtInPages from './migrations/029-built-in-pages.ts';
import * as upgrades from './migrations/030-upgrades.ts';
import * as siteAlerts from './migrations/031-site-alerts.ts';
import * as outboxClaimOrder from './migrations/032-outbox-claim-order.ts';
import * as staffNames from './migrations/033-staff-names.ts';
import * as people from './migrations/034-people.ts';
import * as opportunities from './migrations/035-opportunities.ts';
import * as tasks from './migrations/036-tasks.ts';
import * as replies from './migrations/037-replies.ts';
import * as availabilityPermission from './migrations/038-availability-permission.ts';
import * as leadSources from './migrations/039-lead-sources.ts';
import * as callChanges from './migrations/040-call-changes.ts';
import * as personMerges from './migrations/041-person-merges.ts';
import * as leadArrivalIndexes from './migrations/042-lead-arrival-indexes.ts';
import * as priceLists from './migrations/043-price-lists.ts';
import * as proposals from './migrations/044-proposals.ts';
import * as handover from './migrations/047-handover.ts';
import * as instantQuote from './migrations/048-instant-quote.ts';
import { recordUpgrade, refuseNewerDatabase } from './upgrades.ts';

// Listed here rather than read from the folder, so the set is fixed at build time and ordered by name.
// A migration is never edited once it has landed: add the next number instead.
const migrations: Record<string, Migration> = {
  '001-outbox': outbox,
  '002-booking': booking,
  '003-applications': applications,
  '004-mailing-list': mailingList,
  '005-bot-check': botCheck,
  '006-enquiries': enquiries,
  '007-accounts': accounts,
  '008-lead-handling': leadHandling,
  '009-back-office-lists': backOfficeLists,
  '010-sign-in-throttle': signInThrottle,
  '011-no-readable-links': noReadableLinks,
  '012-booking-limits': bookingLimits,
  '014-audit-kinds': auditKinds,
  '015-staff-roles': staffRoles,
  '016-back-office-visits': backOfficeVisits,
  '017-one-way-to-close-a-day': oneWayToCloseADay,
  '018-advisers': advisers,
  '019-calendar-read-until': calendarReadUntil,
  '020-articles': articles,
  '021-campaigns': campaigns,
  '022-article-revisions': articleRevisions,
  '023-recipient-mail-counts': recipientMailCounts,
  '024-mail-files': mailFiles,
  '025-firm': firm,
  '026-setup-tokens': setupTokens,
  '027-firm-pictures': firmPictures,
  '028-site-pages': sitePages,
  '029-built-in-pages': builtInPages,
  '030-upgrades': upgrades,
  '031-site-alerts': siteAlerts,
  '032-outbox-claim-order': outboxClaimOrder,
  '033-staff-names': staffNames,
  '034-people': people,
  '035-opportunities': opportunities,
  '036-tasks': tasks,
  '037-replies': replies,
  '038-availability-permission': availabilityPermission,
  '039-lead-sources': leadSources,
  '040-call-changes': callChanges,
  '041-person-merges': personMerges,
  '042-lead-arrival-indexes': leadArrivalIndexes,
  '043-price-lists': priceLists,
  '044-proposals': proposals,
  '047-handover': handover,
  '048-instant-quote': instantQuote,
};

/** Every migration this version knows, oldest first: a restore refuses a database made by a newer one. */
export const migrationNames = Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date. Safe when several instances start at once: on PostgreSQL the first takes
 * the lock (see migrate) and the others wait, then find nothing left to do.
 */
export function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Brings the schema to the named migration and no further: for tests of what an older version left. */
export function migrateTo(db: Db, name: string): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

type Run = (migrator: Migrator) => Promise<MigrationResultSet>;

/**
 * On PostgreSQL the whole of a migration run holds an advisory lock named after the schema, on one
 * connection: Kysely's own lock covers only applying the migrations, not creating its bookkeeping tables
 * before that, and two instances starting together on a fresh database would both try to create them.
 * Another schema (another site, a parallel test) has its own lock and does not wait.
 */
async function migrate(db: Db, run: Run) {
  if (!isPostgres(db)) return migrateOn(db, run);
  return db.connection().execute(async (connection) => {
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(connection))
      .rows[0]?.schema as string;
    const lock = sql`hashtextextended(${`practice-site migrations ${schema}`}, 0)`;
    await sql`select pg_advisory_lock(${lock})`.execute(connection);
    try {
      return await migrateOn(connection, run, schema);
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(connection);
    }
  });
}

async function migrateOn(db: Db, run: Run, migrationTableSchema?: string) {
  await refuseNewerDatabase(db, migrationNames);
  // On PostgreSQL Kysely looks for its own tables in every schema unless told which one; name the one in
  // use, so a database shared with other schemas (other apps, parallel tests) cannot confuse it.
  const { error, results } = await run(
    new Migrator({ db, provider, ...(migrationTableSchema && { migrationTableSchema }) }),
  );
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (applied.length > 0) {
    await recordUpgrade(db, applied, new Date());
    // A migration may overwrite what should not be kept (011 empties sent emails): leave no old copy behind.
    await forgetOverwrittenBytes(db);
  }
  return applied;
}

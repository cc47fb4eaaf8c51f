import { sql } from 'kysely';
import { blankAuditAddressesBefore } from '#server/audit/ip-addresses.ts';
import { recordAudit } from '#server/audit/log.ts';
import { type Db, forgetOverwrittenBytes, isPostgres } from '#server/db/database.ts';
import { writeTransaction } from '#server/db/write-transaction.ts';
import { deleteIdleSignInRecords } from '#server/features/accounts/index.ts';
import { deleteUnconfirmedSignUps, keepOnlyUnsubscribeTrails } from '#server/features/mailing-list/index.ts';
import { subscriberHistory } from '#server/lead-registry.ts';
import type { LeadRegistry } from '#server/leads/kind.ts';
import { forgetPeople } from '#server/leads/people.ts';
import type { MailFiles } from '#server/mail/mail-files.ts';
import { deleteFinishedBefore } from '#server/mail/outbox.ts';
import { forgetPastRecipientCounts } from '#server/mail/recipient-cap.ts';
import { auditAddressKeptDays } from '#shared/address-retention.ts';
import { consentProofYears, sentMailKeptDays, unconfirmedSignUpKeptDays } from '#shared/retention.ts';
import { anonymiseExpiredLeads, type ExpiredLead } from './expired-leads.ts';
import { pseudonymiseForgottenAddresses } from './forgotten-addresses.ts';

// The retention job: leads that led to no engagement are anonymised `months` after their last activity
// (expired-leads.ts), unsubscribed addresses keep only their consent trail (and lose it after
// consentProofYears), sign-ups never confirmed go after unconfirmedSignUpKeptDays, what is left of sent
// mail (the outbox's rows, and the files written to MAIL_DIR without SMTP; a forgotten person's at once)
// goes after sentMailKeptDays, past days' counts of emails to one address go, audit entries lose
// their IP address after auditAddressKeptDays, and idle sign-in throttles and expired sessions go. One
// transaction, with its audit entry; on PostgreSQL under an advisory lock, so that of several instances
// only one runs it.

export interface RetentionOptions {
  months: number;
  now: Date;
  /** Work out what would go, then roll it all back: nothing changes and nothing is audited. */
  dryRun?: boolean;
  /** The daily run: skipped when another run was audited in the last day. */
  daily?: boolean;
  /** Who ran it, for the audit entry: the site's own schedule, or the command line. */
  via: 'schedule' | 'command line';
  /** SESSION_SECRET: keys the pseudonym a forgotten address leaves in the audit log, as an erasure does. */
  secret: string;
  /** The emails written to MAIL_DIR: kept as long as the outbox's rows, and gone with their person. */
  mailFiles?: MailFiles;
}

export type RetentionOutcome =
  | { ran: true; counts: Record<string, number>; leads: ExpiredLead[] }
  | { ran: false; reason: 'another instance is running it' | 'it ran in the last day' };

/** Any fixed number, the same in every instance: the lock only ever guards this job. */
const retentionLockKey = 220_001;
/** A day less a little, so that a daily timer drifting by seconds still runs it each day. */
const dailyGapMs = 23 * 60 * 60 * 1000;

class RolledBack extends Error {
  readonly outcome: RetentionOutcome;
  constructor(outcome: RetentionOutcome) {
    super('dry run');
    this.outcome = outcome;
  }
}

const monthsBefore = (now: Date, months: number) => {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
};

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

export async function runRetention(
  db: Db,
  leadKinds: LeadRegistry,
  options: RetentionOptions,
): Promise<RetentionOutcome> {
  const { months, now } = options;
  let outcome: RetentionOutcome;
  let files: string[] = [];
  try {
    outcome = await writeTransaction(db, async (trx) => {
      // SQLite's write transaction already holds the file's only write lock; PostgreSQL needs its own.
      if (isPostgres(trx)) {
        const { rows } = await sql<{ locked: boolean }>`
          select pg_try_advisory_xact_lock(${retentionLockKey}) as locked`.execute(trx);
        if (!rows[0]?.locked) return { ran: false, reason: 'another instance is running it' } as const;
      }
      if (options.daily) {
        const last = await trx
          .selectFrom('audit_log')
          .select('created_at')
          .where('action', '=', 'data.retention-applied')
          .where('created_at', '>', new Date(now.getTime() - dailyGapMs).toISOString())
          .executeTakeFirst();
        if (last) return { ran: false, reason: 'it ran in the last day' } as const;
      }
      const {
        leads,
        addresses,
        counts: leadCounts,
      } = await anonymiseExpiredLeads(trx, leadKinds, monthsBefore(now, months), now);
      await forgetPeople(trx, addresses);
      // Sign-ups first: one that unsubscribed before signing up again goes back to its consent trail,
      // which the next step then cuts down (or deletes, once six years old) in the same run.
      const { counts: unconfirmed, deletedAddresses: signUpAddresses } = await deleteUnconfirmedSignUps(
        trx,
        daysBefore(now, unconfirmedSignUpKeptDays),
        subscriberHistory,
      );
      const { counts: trails, deletedAddresses: trailAddresses } = await keepOnlyUnsubscribeTrails(
        trx,
        monthsBefore(now, consentProofYears * 12).toISOString(),
        subscriberHistory,
      );
      const sentEmails = await deleteFinishedBefore(trx, daysBefore(now, sentMailKeptDays));
      const forgotten = [...addresses, ...trailAddresses, ...signUpAddresses];
      files = [
        ...((await options.mailFiles?.takeFilesOf(trx, forgotten)) ?? []),
        ...((await options.mailFiles?.takeFilesBefore(trx, new Date(daysBefore(now, sentMailKeptDays)))) ??
          []),
      ];
      // A day's count of emails to one address limits nothing once the day is over.
      const recipientCounts = await forgetPastRecipientCounts(trx, now);
      // IP addresses kept apart from a person's records: blanked or deleted once their use is over.
      const auditAddresses = await blankAuditAddressesBefore(trx, daysBefore(now, auditAddressKeptDays));
      const signInRecords = await deleteIdleSignInRecords(trx, now);
      // Last, so that an address whose every trace went in this run is forgotten in the log too.
      const auditEntries = await pseudonymiseForgottenAddresses(trx, leadKinds, forgotten, options.secret);
      const counts = {
        ...leadCounts,
        ...trails,
        ...unconfirmed,
        sentEmails,
        recipientCounts,
        mailFiles: new Set(files).size,
        auditEntries,
        auditAddresses,
        ...signInRecords,
      };
      const ran = { ran: true, counts, leads } as const;
      if (options.dryRun) throw new RolledBack(ran);
      await recordAudit(
        trx,
        {
          userId: null,
          action: 'data.retention-applied',
          subject: 'retention periods',
          detail: { months, via: options.via, ...counts },
        },
        now,
      );
      return ran;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome;
    throw error;
  }
  // As after an erasure: no copy of what was blanked stays in SQLite's log (the outbox worker finishes
  // this later if another process holds the log now).
  if (outcome.ran) {
    await forgetOverwrittenBytes(db);
    // Once the run holds: the files it took, and any other as old (written before they were recorded).
    if (!options.dryRun) await options.mailFiles?.remove(files, new Date(daysBefore(now, sentMailKeptDays)));
  }
  return outcome;
}

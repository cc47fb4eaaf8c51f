// `npm run data:retention -- [--dry-run]`: applies the retention periods once, on the configured database
// (DATABASE_URL, RETENTION_MONTHS), as the site's daily job does, and prints what went. With --dry-run it
// prints what would go and changes nothing. The site runs the same job every day by itself; this is for
// checking what it will do, or running it now.

import { runRetention } from '#server/retention/job.ts';
import { createServices } from '#server/services.ts';
import { systemClock } from '#server/time/clock.ts';
import { erasedCounts } from '#shared/erasure-words.ts';
import { processIo, runOnDatabase, UsageError } from './command.ts';

const io = processIo();
const dryRun = io.args.includes('--dry-run');

process.exitCode = await runOnDatabase(io, async (db, config) => {
  const unknown = io.args.filter((arg) => arg !== '--dry-run');
  if (unknown.length > 0) throw new UsageError('Use: npm run data:retention -- [--dry-run]');
  const months = config.retentionMonths;
  // The same parts as the site's daily run: calls it blanks leave the advisers' diaries as there.
  const { leadKinds, mailFiles } = createServices({ config, db, clock: systemClock });
  const outcome = await runRetention(db, leadKinds, {
    months,
    secret: config.sessionSecret,
    mailFiles,
    now: systemClock(),
    dryRun,
    via: 'command line',
  });
  if (!outcome.ran) throw new UsageError(`Nothing done: ${outcome.reason}. Try again in a minute.`);
  const what = erasedCounts(outcome.counts);
  io.print(
    dryRun
      ? `Dry run, nothing changed. Would remove (leads kept ${months} months after their last activity): ${what}.`
      : `Removed what was past its retention period (leads kept ${months} months after their last activity): ${what}.`,
  );
  for (const lead of outcome.leads) {
    io.print(`${dryRun ? 'would anonymise' : 'anonymised'} ${lead.kind} ${lead.reference}`);
  }
});

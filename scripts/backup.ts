// `npm run backup:now`: takes today's backup into BACKUP_DIR, as the site's daily job does, and copies it
// off the machine when BACKUP_S3_URL is set. `npm run backup:list`: the copies there. `npm run
// backup:fetch -- NAME|latest FILE`: downloads one and decrypts it into FILE (0600), ready for
// `npm run db:restore -- FILE` (SQLite) or pg_restore (PostgreSQL): docs/operations.md, "Backups".
import path from 'node:path';
import pino from 'pino';
import { fetchOffSite, offSiteOf } from '#server/backups/off-site.ts';
import { type Config, databaseLabel, loadConfig } from '#server/config.ts';
import { scheduledBackups } from '#server/runtime.ts';
import { systemClock } from '#server/time/clock.ts';
import { exitStatusOf, processIo, UsageError } from './command.ts';

const io = processIo();
const usage = 'Use: npm run backup:now | npm run backup:list | npm run backup:fetch -- NAME|latest FILE';

function storageOf(config: Config) {
  const offSite = config.backups?.offSite;
  if (!offSite)
    throw new UsageError('No off-site storage is set: set BACKUP_S3_URL and its keys (.env.example).');
  return offSiteOf(offSite);
}

async function run(config: Config, [command, ...args]: string[]) {
  if (command === 'now' && args.length === 0) {
    io.print(`Database: ${databaseLabel(config.database)}`);
    // The daily job's own pass; what went wrong is said below, in one line, rather than logged.
    const backups = scheduledBackups(config, pino({ level: 'silent' }), systemClock);
    if (!backups) throw new UsageError('No backups are set up: set BACKUP_DIR (.env.example).');
    const taken = await backups.runOnce();
    const { lastFailure } = backups.status();
    if (lastFailure) throw new UsageError(`The backup failed: ${lastFailure.error}`);
    io.print(
      taken
        ? `Backed up into ${config.backups?.dir}.`
        : `Today's backup was already in ${config.backups?.dir}.`,
    );
    if (config.backups?.offSite) io.print(`It is copied to ${config.backups.offSite.s3.url}.`);
  } else if (command === 'list' && args.length === 0) {
    const offSite = storageOf(config);
    io.print(`Storage: ${offSite.store.where}`);
    const stored = await offSite.store.list();
    if (stored.length === 0) io.print(`No backups in ${offSite.store.where} yet.`);
    for (const { name, bytes } of stored) io.print(`${name}\t${bytes}`);
  } else if (command === 'fetch' && args.length === 2) {
    const [name = '', file = ''] = args;
    const target = path.resolve(file);
    const fetched = await fetchOffSite(storageOf(config), name, target);
    io.print(`Fetched ${fetched} and decrypted it into ${target}.`);
  } else {
    throw new UsageError(usage);
  }
}

try {
  await run(loadConfig(io.env), io.args);
} catch (error) {
  // What went wrong with the settings, the storage, the key or the file is said in words; only a failure
  // of this program's own (a TypeError and the like) needs its stack.
  const ours = error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError;
  io.complain(ours ? error : (error as Error).message);
  process.exitCode = exitStatusOf(error);
}

// `npm run db:copy -- --from sqlite:data/site.db --to postgres://…`: copies the site's database into a new,
// empty PostgreSQL database (see src/server/db/copy.ts), printing each table's rows. It refuses while the
// site (or any command) has the SQLite file open, since what they wrote meanwhile would be left behind.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, databaseLabel, loadConfig } from '#server/config.ts';
import { CopyRefused, copyDatabase } from '#server/db/copy.ts';
import { createDatabase } from '#server/db/database.ts';
import { tryExclusiveLock } from '#server/db/in-use-lock.ts';

const usage =
  'Usage: npm run db:copy -- --from sqlite:data/site.db --to postgres://USER:PASSWORD@HOST/DATABASE';

try {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.from || !values.to) throw new CopyRefused(usage);
  const from = loadConfig({ DATABASE_URL: values.from }).database;
  const to = loadConfig({ DATABASE_URL: values.to }).database;
  if (to.kind !== 'postgres') throw new CopyRefused(`--to must be a PostgreSQL database. ${usage}`);
  console.log(`Copying ${databaseLabel(from)} into ${databaseLabel(to)}`);
  // Opening a missing SQLite file would make an empty one, and copy nothing.
  if (from.kind === 'sqlite' && !existsSync(from.file)) throw new CopyRefused(`There is no ${from.file}.`);
  if (from.kind === 'sqlite') {
    const unused = tryExclusiveLock(from.file);
    if (!unused) {
      throw new CopyRefused(
        `${from.file} is in use: stop the site (and any command using it) first, so that nothing it writes is left behind.`,
      );
    }
    unused.release();
  }
  const source = createDatabase(from);
  const target = createDatabase(to);
  try {
    const copied = await copyDatabase(source, target, ({ table, rows }) => console.log(`${table}\t${rows}`));
    const total = copied.reduce((sum, { rows }) => sum + rows, 0);
    console.log(`Copied ${total} rows in ${copied.length} tables; each table's count matches the source.`);
  } finally {
    await source.destroy();
    await target.destroy();
  }
} catch (error) {
  const expected = error instanceof CopyRefused || error instanceof ConfigError;
  // A database's own refusal (a password, a missing database, a value PostgreSQL cannot store) carries
  // its code and says what is wrong; only a failure of this program needs its stack.
  const fromDatabase = typeof (error as { code?: unknown }).code === 'string';
  if (expected) console.error(`Cannot copy: ${(error as Error).message}`);
  else if (fromDatabase)
    console.error(`Cannot copy: ${(error as Error).message}. Nothing was kept in the target.`);
  else console.error(error);
  process.exitCode = 1;
}

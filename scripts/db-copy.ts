// `npm run db:copy -- --from sqlite:data/site.db --to postgres://…`: copies the site's database into a new,
// empty PostgreSQL database (see src/server/db/copy.ts), printing each table's rows. Stop the site first,
// so that nothing written meanwhile is left behind.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.ts';
import { CopyRefused, copyDatabase } from '#server/db/copy.ts';
import { createDatabase } from '#server/db/database.ts';

const usage =
  'Usage: npm run db:copy -- --from sqlite:data/site.db --to postgres://USER:PASSWORD@HOST/DATABASE';

try {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.from || !values.to) throw new CopyRefused(usage);
  const from = loadConfig({ DATABASE_URL: values.from }).database;
  const to = loadConfig({ DATABASE_URL: values.to }).database;
  if (to.kind !== 'postgres') throw new CopyRefused(`--to must be a PostgreSQL database. ${usage}`);
  // Opening a missing SQLite file would make an empty one, and copy nothing.
  if (from.kind === 'sqlite' && !existsSync(from.file)) throw new CopyRefused(`There is no ${from.file}.`);
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
  console.error(expected ? `Cannot copy: ${(error as Error).message}` : error);
  process.exitCode = 1;
}

// `npm run db:migrate`: brings the configured database (DATABASE_URL) up to date and exits.
import { ConfigError, loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

try {
  const db = createDatabase(loadConfig().database);
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? `Cannot migrate: ${error.message}` : error);
  process.exitCode = 1;
}

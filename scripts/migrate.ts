// `npm run db:migrate`: brings the configured database (DATABASE_URL) up to date and exits. `npm run
// upgrade` does the same after a backup, and is what an upgrade should run.
import { processIo, runOnDatabase } from './command.ts';

const io = processIo();
process.exitCode = await runOnDatabase(io, async (_db, _config, applied) => {
  io.print(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
});

import { loadDemoFirm } from '#server/features/firm/demo-firm.ts';
import { type CommandIo, runOnDatabase, UsageError } from './command.ts';

/**
 * `npm run demo:load`: loads the demo firm, Fenwick & Hale, into a site that has no firm's details yet, so
 * that a trial shows a whole firm. It never replaces a firm's own details.
 */
export function demoCommand(io: CommandIo): Promise<number> {
  return runOnDatabase(io, async (db) => {
    if (io.args.length > 0) throw new UsageError('Use: npm run demo:load');
    const outcome = await loadDemoFirm(db, new Date());
    io.print(
      outcome === 'loaded'
        ? 'Loaded the demo firm, Fenwick & Hale. Change its details in the back office.'
        : 'This site already has a firm’s details: left as they are.',
    );
  });
}

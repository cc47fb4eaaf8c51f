// `npm run demo:load`: the demo firm, Fenwick & Hale, for a site with no firm's details yet, on the
// configured database (DATABASE_URL). See scripts/demo-command.ts.

import { processIo } from './command.ts';
import { demoCommand } from './demo-command.ts';

process.exitCode = await demoCommand(processIo());

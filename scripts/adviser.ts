// `npm run adviser:add -- EMAIL --name "Ann Smith" [--introduction "…"]`,
// `npm run adviser:calendar -- EMAIL --caldav URL --username U --password P` (or `--ics URL`, or `--none`
// to disconnect), and `npm run adviser:list`: the firm's advisers, on the configured database
// (DATABASE_URL). A calendar's address and password are sealed with CALENDAR_SECRET_KEY and never printed.
// A calendar connected here is read at once, as the back office does, and the command says how that went.

import { adviserCommand } from './adviser-command.ts';
import { processIo } from './command.ts';

process.exitCode = await adviserCommand(processIo());

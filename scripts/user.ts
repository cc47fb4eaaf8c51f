// `npm run user:add -- EMAIL [--name "NAME"] [--owner]`, `npm run user:list`, `npm run user:name -- EMAIL
// "NAME"`, `npm run user:disable -- EMAIL`, `npm run user:enable -- EMAIL`, `npm run user:role -- EMAIL
// owner|staff`: the firm's staff accounts, on the configured database (DATABASE_URL). A new user is
// emailed a link to choose a password;
// the running site's outbox sends it (at once if the site is up, otherwise when it starts). A new user is
// `staff` (leads and drafts) unless `--owner` is given; the very first user is always an owner.

import { processIo } from './command.ts';
import { userCommand } from './user-command.ts';

process.exitCode = await userCommand(processIo());

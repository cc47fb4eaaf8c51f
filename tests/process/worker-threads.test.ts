import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch } from '#tests/support/commands.ts';
import { icalendar, vevent } from '#tests/support/icalendar.ts';
import { startEnvironment, startFlags } from '#tests/support/start-command.ts';

// The site's worker threads (a calendar's read, a backup's copy) start in a process run as `npm start`
// runs it: with its Node flags (a small young generation, a capped old one), which Node refuses to hand
// on to a worker, and its environment.

const checkout = path.resolve(import.meta.dirname, '../..');
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'worker-threads-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

it('reads an adviser’s calendar in a worker of a server started as npm start starts it', async () => {
  // V8's heap flags, which Node refuses to hand on to a worker.
  expect(startFlags.some((flag) => flag.startsWith('--max-'))).toBe(true);
  const script = path.join(folder, 'read-calendar.mjs');
  const pool = path.join(checkout, 'src/server/features/calendars/busy-times-pool.ts');
  await writeFile(
    script,
    `import { createBusyTimesPool } from ${JSON.stringify(pool)};
const pool = createBusyTimesPool();
const window = { from: new Date('2027-03-14T00:00:00Z'), to: new Date('2027-04-06T00:00:00Z'), timeZone: 'Europe/London' };
try {
  const read = await pool.read(process.env.CALENDAR, window, { timeoutMs: 10_000 });
  console.log(JSON.stringify(read.busy));
} finally {
  await pool.close();
}
`,
  );
  const calendar = icalendar(vevent('UID:real', 'DTSTART:20270317T120000Z', 'DTEND:20270317T130000Z'));
  const run = await launch(script, [], {
    cwd: folder,
    env: { ...startEnvironment, CALENDAR: calendar },
    nodeOptions: startFlags,
  });
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout)).toEqual([
    { start: '2027-03-17T12:00:00.000Z', end: '2027-03-17T13:00:00.000Z' },
  ]);
});

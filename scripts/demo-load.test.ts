import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInProcess } from '#tests/support/commands.ts';
import { demoCommand } from './demo-command.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'demo-load-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('npm run demo:load loads the demo firm once, then leaves the firm’s details alone', async () => {
  const env = { DATABASE_URL: `sqlite:${path.join(dir, 'site.db')}` };
  const database = path.join(dir, 'site.db');
  expect(await runInProcess(demoCommand, [], env)).toEqual({
    code: 0,
    database: `sqlite:${database}`,
    out: 'Loaded the demo firm, Fenwick & Hale. Change its details in the back office.\n',
    err: '',
  });
  expect(await runInProcess(demoCommand, [], env)).toEqual({
    code: 0,
    database: `sqlite:${database}`,
    out: 'This site already has a firm’s details: left as they are.\n',
    err: '',
  });
  expect(await runInProcess(demoCommand, ['--force'], env)).toEqual({
    code: 1,
    database: `sqlite:${database}`,
    out: '',
    err: 'Use: npm run demo:load\n',
  });
});

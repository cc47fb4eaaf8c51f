import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

// Two instances started at once from one checkout that has never been built: the first builds while the
// second waits for it, and both serve the one build (scripts/start.ts, scripts/build.ts); and a build
// missing the server's bundle or its stripped copies is made again.

const root = path.resolve(import.meta.dirname, '../..');
let checkout: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  checkout = mkdtempSync(path.join(tmpdir(), 'practice-site-checkout-'));
  for (const part of [
    'src',
    'scripts',
    'seeds',
    'package.json',
    'package-lock.json',
    'vite.config.ts',
    'tsconfig.json',
  ])
    cpSync(path.join(root, part), path.join(checkout, part), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(checkout, 'node_modules'));
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(checkout, { recursive: true, force: true });
});

/** `npm start` in the checkout, on a database of its own: resolves with everything it printed once it serves. */
function start(name: string) {
  const child = spawn(process.execPath, ['scripts/run.js', 'scripts/start.ts'], {
    cwd: checkout,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      DATABASE_URL: `sqlite:${path.join(checkout, `${name}.db`)}`,
      MAIL_DIR: path.join(checkout, `${name}-mail`),
      CAPTCHA_PROVIDER: 'none',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const take = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('started"')) resolve(output);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${output}`)));
  });
}

it('takes turns building when two instances start at once, and both serve', async () => {
  const outputs = await Promise.all([start('first'), start('second')]);
  const built = outputs.filter((output) => output.includes('Building the site'));
  expect(built).toHaveLength(1);
  for (const output of outputs) expect(output).not.toMatch(/ENOENT|Error|Warning/);
  // One build in place, and nothing left beside it.
  expect(existsSync(path.join(checkout, 'dist/ssr/prerender.js'))).toBe(true);
  expect(readdirSync(checkout).filter((name) => name.startsWith('dist'))).toEqual(['dist']);
}, 60_000);

it('builds again when the build lacks the server’s bundle or its stripped copies', async () => {
  for (const part of ['dist/server', 'dist/server-bundle']) {
    rmSync(path.join(checkout, part), { recursive: true });
    const output = await start(part.replace('/', '-'));
    expect(output).toContain('Building the site');
    expect(output).not.toMatch(/Warning/);
    expect(existsSync(path.join(checkout, 'dist/server/src/server/main.ts.js'))).toBe(true);
    expect(existsSync(path.join(checkout, 'dist/server-bundle/main.js'))).toBe(true);
  }
}, 90_000);

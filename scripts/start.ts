// `npm start`: builds the site when its sources changed since the last build (or the build lacks the
// server's bundle or its type-stripped copies, decisions 025 and 026), then runs the server's bundle.
// Several instances started at once from one checkout take turns: the first builds, holding dist.lock,
// and the others wait for it and then find the build current.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { buildIsCurrent, serverBundle } from './current-build.ts';
import { processAlive } from './process-alive.ts';

const lock = 'dist.lock';

/** Takes the build lock, or says it is held; a lock left by a process that died is taken over. */
function takeLock(): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(`${lock}/pid`, String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(`${lock}/pid`, { encoding: 'utf8', flag: 'a+' }));
    if (holder && !processAlive(holder)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

if (!buildIsCurrent()) {
  if (!takeLock()) {
    console.log('Waiting for another instance, which is building the site…');
    while (!takeLock()) await sleep(200);
  }
  try {
    if (!buildIsCurrent()) {
      console.log('Building the site (the last build is missing, incomplete or of other sources)…');
      // As `npm run build`: without Node's note that the type stripper the build uses is experimental.
      const build = ['--disable-warning=ExperimentalWarning', 'scripts/build.ts'];
      const result = spawnSync(process.execPath, build, { stdio: 'inherit' });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
await import(pathToFileURL(path.resolve(serverBundle)).href);

// `npm start`: builds the site when its sources changed since the last build, then runs the server.
// Several instances started at once from one checkout take turns: the first builds, holding dist.lock,
// and the others wait for it and then find the build current.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { processAlive } from './process-alive.ts';
import { sourceHash } from './source-hash.ts';

const lock = 'dist.lock';

function lastBuildHash() {
  try {
    return JSON.parse(readFileSync('dist/build-info.json', 'utf8')).sourceHash as string;
  } catch {
    return undefined;
  }
}

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

if (lastBuildHash() !== sourceHash()) {
  if (!takeLock()) {
    console.log('Waiting for another instance, which is building the site…');
    while (!takeLock()) await sleep(200);
  }
  try {
    if (lastBuildHash() !== sourceHash()) {
      console.log('Building the site (its sources changed since the last build)…');
      const result = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
await import('#server/main.ts');

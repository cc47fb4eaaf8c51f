// `npm start`: builds the site when its sources changed since the last build, then runs the server.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sourceHash } from './source-hash.ts';

function lastBuildHash() {
  try {
    return JSON.parse(readFileSync('dist/build-info.json', 'utf8')).sourceHash as string;
  } catch {
    return undefined;
  }
}

if (lastBuildHash() !== sourceHash()) {
  console.log('Building the site (its sources changed since the last build)…');
  const result = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('#server/main.ts');

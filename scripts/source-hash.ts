import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Everything the browser build and the prerendered pages are made from.
const inputs = [
  'src/client',
  'src/shared',
  'public',
  'vite.config.ts',
  'scripts/build.ts',
  // Its version is in the back office's footer.
  'package.json',
  'package-lock.json',
];

/** A hash of the build's inputs: `npm start` rebuilds only when it differs from the last build's. */
export function sourceHash(root = process.cwd()): string {
  const hash = createHash('sha256');
  const add = (relative: string) => {
    const full = path.join(root, relative);
    if (statSync(full, { throwIfNoEntry: false })?.isDirectory()) {
      for (const name of readdirSync(full).sort()) add(path.join(relative, name));
    } else if (!relative.endsWith('.test.ts') && !relative.endsWith('.test.tsx')) {
      const content = statSync(full, { throwIfNoEntry: false }) ? readFileSync(full) : Buffer.alloc(0);
      hash.update(relative).update('\0').update(content).update('\0');
    }
  };
  for (const input of inputs) add(input);
  return hash.digest('hex');
}

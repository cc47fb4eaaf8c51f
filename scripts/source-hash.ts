import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';

// Everything the build makes its output from: the browser's bundle, the page renderer and the server's
// bundle.
const inputs = [
  'src/client',
  'src/shared',
  'src/server',
  'public',
  'vite.config.ts',
  'scripts/build.ts',
  'scripts/server-bundle.ts',
  // Its version is in the back office's footer.
  'package.json',
  'package-lock.json',
];

/**
 * A hash of the build's inputs: `npm start` rebuilds only when it differs from the last build's. The files
 * are read through one buffer: the server starts just after, and would otherwise hold a copy of its
 * sources in garbage until its first collection.
 */
export function sourceHash(root = process.cwd()): string {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(64 * 1024);
  const addContent = (file: string) => {
    const fd = openSync(file, 'r');
    try {
      for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer))
        hash.update(buffer.subarray(0, read));
    } finally {
      closeSync(fd);
    }
  };
  const add = (relative: string) => {
    const full = path.join(root, relative);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      for (const name of readdirSync(full).sort()) add(path.join(relative, name));
    } else if (!relative.endsWith('.test.ts') && !relative.endsWith('.test.tsx')) {
      hash.update(relative).update('\0');
      if (stat) addContent(full);
      hash.update('\0');
    }
  };
  for (const input of inputs) add(input);
  return hash.digest('hex');
}

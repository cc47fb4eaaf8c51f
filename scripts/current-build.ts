import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceHash } from './source-hash.ts';

/** The server as `npm start` runs it, bundled by the build (scripts/server-bundle.ts). */
export const serverBundle = 'dist/server-bundle/main.js';

function lastBuildHash(root: string) {
  try {
    return JSON.parse(readFileSync(path.join(root, 'dist/build-info.json'), 'utf8')).sourceHash as string;
  } catch {
    return undefined;
  }
}

/**
 * Whether the last build is of these sources, and whole: the server's bundle and its stripped copies
 * (decisions 025 and 026) too.
 */
export const buildIsCurrent = (root = process.cwd()) =>
  lastBuildHash(root) === sourceHash(root) &&
  existsSync(path.join(root, 'dist/server')) &&
  existsSync(path.join(root, serverBundle));

// The site's TypeScript, run from the copies `npm run build` stripped of their types (dist/server/), so
// that a running site never loads Node's own type stripper: its code and WebAssembly took about 20 MB of
// every server's memory (docs/performance.md, "Where the memory goes"). Each copy begins with a line
// holding the SHA-256 of the source it was made from; a source changed since the build, or one the build
// did not copy, is stripped by Node as it loads, as it always was. Plain JavaScript, imported by run.js.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// Where the server reads its build from (src/server/config.ts).
const copies = path.resolve(process.env.DIST_DIR ?? 'dist', 'server');

/** The stripped copy of `file` if the build made one from exactly its current source. */
function strippedCopy(file) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || relative.split(path.sep).includes('node_modules')) return undefined;
  let copy;
  try {
    copy = readFileSync(path.join(copies, `${relative}.js`), 'utf8');
  } catch {
    return undefined;
  }
  const firstLineEnd = copy.indexOf('\n');
  const madeFrom = copy.slice(0, firstLineEnd);
  return madeFrom === createHash('sha256').update(readFileSync(file)).digest('hex')
    ? copy.slice(firstLineEnd + 1)
    : undefined;
}

registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith('file:') && url.endsWith('.ts')) {
      const source = strippedCopy(fileURLToPath(url));
      if (source !== undefined) return { format: 'module', source, shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});

import { createHash } from 'node:crypto';
import { globSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import path from 'node:path';

/**
 * Writes the site's TypeScript (src/ and scripts/, tests aside) into `folder` with its types stripped, for
 * the server to run without loading Node's type stripper (stripped-modules.js). Each copy begins with a
 * line holding the SHA-256 of its source, and keeps every line and column where the source has it, so
 * that stack traces point at the source.
 */
export function writeStrippedCopies(folder: string, root = process.cwd()) {
  const sources = globSync('{src,scripts}/**/*.ts', {
    cwd: root,
    exclude: (name) => /\.(test|d)\.ts$/.test(name),
  });
  for (const file of sources) {
    const source = readFileSync(path.join(root, file), 'utf8');
    const copy = path.join(folder, `${file}.js`);
    mkdirSync(path.dirname(copy), { recursive: true });
    const madeFrom = createHash('sha256').update(source).digest('hex');
    writeFileSync(copy, `${madeFrom}\n${stripTypeScriptTypes(source)}`);
  }
}

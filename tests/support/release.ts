import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The version package.json names: what an operator is told runs. */
export const packageVersion: string = JSON.parse(
  readFileSync(path.join(root, 'package.json'), 'utf8'),
).version;

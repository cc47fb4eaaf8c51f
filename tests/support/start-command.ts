import { readFileSync } from 'node:fs';
import path from 'node:path';

// What `npm start` runs (package.json), which the unit and the image run without npm, and the benchmarks
// and process tests run as a firm does.

export const startCommand: string = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
).scripts.start;

/** Its flags for Node itself. */
export const startFlags: string[] = startCommand.match(/(?<= )--\S+/g) ?? [];

/** The variables it sets before `node` (`NAME=value node …`). */
export const startEnvironment: Record<string, string> = Object.fromEntries(
  [...startCommand.matchAll(/(?<=^|\s)([A-Z_]+)=(\S+)(?=\s)/g)].map(([, name, value]) => [name, value]),
);

import { readFileSync } from 'node:fs';

// The version of the site this code is: package.json's, which CHANGELOG.md names for each release. Read
// once; /healthz, the build_info metric, the start-up line, the back office's footer and the record of
// each upgrade (db/migrations/030-upgrades.ts) all give it.
export const siteVersion: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

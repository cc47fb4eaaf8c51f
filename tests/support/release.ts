import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The version package.json names: what an operator is told runs. */
export const packageVersion: string = JSON.parse(
  readFileSync(path.join(root, 'package.json'), 'utf8'),
).version;

export interface Release {
  version: string;
  date: string;
  /** The commit it was made from; only the release being made has none yet. */
  commit: string | undefined;
}

/** The releases CHANGELOG.md names, newest first: `## 1.0.0 — 2026-11-29 — commit 8f8639a`. */
export function releases(): Release[] {
  const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
  return [
    ...changelog.matchAll(/^## (\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})(?: — commit ([0-9a-f]{7,40}))?$/gm),
  ].map(([, version, date, commit]) => ({ version: version as string, date: date as string, commit }));
}

import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const temporaryFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'practice-site-db-'));
  folders.push(folder);
  return folder;
};
const modeOf = (file: string) => statSync(file).mode & 0o777;

it('keeps a new SQLite database, its log and its folder to the site’s own user', async () => {
  const previous = process.umask(0o022); // the usual umask, which would leave files readable by all
  try {
    const folder = path.join(temporaryFolder(), 'data');
    const file = path.join(folder, 'site.db');
    const db = createDatabase({ kind: 'sqlite', file });
    await migrateToLatest(db);
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    expect(modeOf(`${file}-shm`)).toBe(0o600);
    await db.destroy();
  } finally {
    process.umask(previous);
  }
});

it('narrows an existing database file that others could read', async () => {
  const file = path.join(temporaryFolder(), 'site.db');
  writeFileSync(file, '', { mode: 0o644 });
  const db = createDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  expect(modeOf(file)).toBe(0o600);
  await db.destroy();
});

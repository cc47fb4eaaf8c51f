import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDatabase } from './database.ts';
import { DatabaseInUse, holdSharedLock, tryExclusiveLock } from './in-use-lock.ts';
import { migrateToLatest } from './migrate.ts';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'in-use-lock-'));
  file = path.join(dir, 'site.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the lock that says a database is in use', () => {
  it('is held by every open database until it is closed, and refuses a restore meanwhile', async () => {
    const first = createDatabase(loadConfig({ DATABASE_URL: `sqlite:${file}` }).database);
    const second = createDatabase(loadConfig({ DATABASE_URL: `sqlite:${file}` }).database);
    await migrateToLatest(first);
    await migrateToLatest(second);
    expect(tryExclusiveLock(file)).toBeUndefined();
    await first.destroy();
    expect(tryExclusiveLock(file)).toBeUndefined();
    await second.destroy();
    const restore = tryExclusiveLock(file);
    expect(restore).toBeDefined();
    restore?.release();
  });

  it('keeps a database from being opened while a restore holds it, until the restore lets go', () => {
    const restore = tryExclusiveLock(file);
    expect(() => holdSharedLock(file, 50)).toThrow(
      new DatabaseInUse(`${file} is being restored; try again when the restore has finished`),
    );
    restore?.release();
    const open = holdSharedLock(file, 50);
    open.release();
  });
});

import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { OffSiteSettings } from '../config.ts';
import { decryptFile, encryptFile } from './encryption.ts';
import { type BackupStore, s3Store } from './s3-store.ts';

// Each day's backup, encrypted, copied to storage off the machine, the `keep` newest kept there.

export interface OffSite {
  store: BackupStore;
  /** BACKUP_ENCRYPTION_KEY: without it, no copy can be read, so it is kept apart from the storage's keys. */
  passphrase: string;
  keep: number;
}

/** The off-site storage the settings name (BACKUP_S3_*, BACKUP_ENCRYPTION_KEY). */
export const offSiteOf = (settings: OffSiteSettings): OffSite => ({
  store: s3Store(settings.s3),
  passphrase: settings.passphrase,
  keep: settings.keep,
});

/** A daily backup's copy: the database's name, the day, its kind (jobs/scheduled-backups.ts). */
const daily = /-\d{4}-\d{2}-\d{2}\.(db|dump)\.enc$/;

/** The name a backup file has off the machine. */
export const offSiteName = (file: string) => `${path.basename(file)}.enc`;

/** Encrypts `file` beside itself, uploads it unless it is there already, and prunes the oldest copies. */
export async function copyOffSite(offSite: OffSite, file: string): Promise<'copied' | 'there already'> {
  const name = offSiteName(file);
  const stored = await offSite.store.list();
  let outcome: 'copied' | 'there already' = 'there already';
  if (!stored.some((backup) => backup.name === name)) {
    const encrypted = `${file}.enc-${process.pid}`;
    try {
      await encryptFile(file, encrypted, offSite.passphrase, name);
      await offSite.store.put(name, encrypted);
    } finally {
      await rm(encrypted, { force: true });
    }
    stored.push({ name, bytes: 0 });
    outcome = 'copied';
  }
  // Only the daily copies are counted and pruned; one taken before an upgrade stays until removed by hand.
  const ours = stored
    .filter((backup) => daily.test(backup.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const old of ours.slice(0, Math.max(0, ours.length - offSite.keep)))
    await offSite.store.remove(old.name);
  return outcome;
}

/** Downloads the copy `name` (or the newest, for `latest`) and decrypts it into a new file `target`. */
export async function fetchOffSite(offSite: OffSite, name: string, target: string): Promise<string> {
  const stored = (await offSite.store.list()).filter((backup) => backup.name.endsWith('.enc'));
  const chosen =
    name === 'latest' ? stored.at(-1)?.name : stored.find((backup) => backup.name === name)?.name;
  if (!chosen) {
    throw new Error(
      name === 'latest'
        ? `There is no backup in ${offSite.store.where}`
        : `There is no backup named ${name} in ${offSite.store.where}`,
    );
  }
  const encrypted = `${target}.enc-${process.pid}`;
  try {
    await offSite.store.get(chosen, encrypted);
    await decryptFile(encrypted, target, offSite.passphrase, chosen);
  } finally {
    await rm(encrypted, { force: true });
  }
  return chosen;
}

import type { OffSiteSettings } from '../config.ts';
import type { Fail, Read } from './reading.ts';
import { shownWithoutPassword } from './secret-url.ts';

/** BACKUP_S3_*: the storage each day's backup is copied to, encrypted with BACKUP_ENCRYPTION_KEY. */
export function readOffSite(
  read: Read,
  fail: Fail,
  wholeNumber: (name: string, fallback: string) => number,
): OffSiteSettings | undefined {
  const url = read('BACKUP_S3_URL');
  if (url === undefined) return undefined;
  const address = URL.canParse(url) ? new URL(url) : undefined;
  if (
    !address ||
    !['http:', 'https:'].includes(address.protocol) ||
    address.pathname.split('/').filter(Boolean).length === 0
  ) {
    fail(
      'BACKUP_S3_URL',
      'the bucket’s address with its name, and any folder: https://HOST/BUCKET/FOLDER/',
      shownWithoutPassword(url),
    );
  } else if (address.username || address.password) {
    fail(
      'BACKUP_S3_URL',
      'the bucket’s address without a user or password (the keys go in BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY)',
      shownWithoutPassword(url),
    );
  }
  const needed = (name: string, expected: string) =>
    read(name) ?? fail(name, `${expected} when BACKUP_S3_URL is set`);
  const passphrase = needed(
    'BACKUP_ENCRYPTION_KEY',
    'set (32 or more characters, kept apart from the storage)',
  );
  if (passphrase !== undefined && passphrase.length < 32) {
    // Not echoed: a key is a secret.
    fail('BACKUP_ENCRYPTION_KEY', 'at least 32 characters long', `${passphrase.length} characters`);
  }
  return {
    s3: {
      url,
      region: read('BACKUP_S3_REGION') ?? 'us-east-1',
      accessKeyId: needed('BACKUP_S3_ACCESS_KEY_ID', 'set'),
      secretAccessKey: needed('BACKUP_S3_SECRET_ACCESS_KEY', 'set'),
    },
    passphrase,
    keep: wholeNumber('BACKUP_S3_KEEP', '30'),
  };
}

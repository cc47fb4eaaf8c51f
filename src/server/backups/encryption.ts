import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';

// A backup leaves the machine encrypted with BACKUP_ENCRYPTION_KEY, which the storage never sees: AES-256-GCM
// (which also detects any change to the file) with a key derived from the passphrase by scrypt, a new salt
// and nonce for every file. The file's name is authenticated with it, so that a copy renamed in the
// storage (yesterday's put in today's place) is refused too. The file is the header, the ciphertext, then
// GCM's 16-byte tag.

const magic = Buffer.from('PSBK1\n');
const saltBytes = 16;
const nonceBytes = 12;
const tagBytes = 16;
const headerBytes = magic.length + saltBytes + nonceBytes;

/** The file is not one of these backups, or the key is not the one it was made with (or it was changed). */
export class NotDecryptable extends Error {
  override name = 'NotDecryptable';
}

const deriveKey = (passphrase: string, salt: Buffer) =>
  promisify(scrypt)(passphrase, salt, 32) as Promise<Buffer>;

/**
 * Encrypts `source` into a new file `target`, 0600, streaming: a large database is never held whole.
 * `name` is the name the copy is stored under, which decrypting must give again.
 */
export async function encryptFile(source: string, target: string, passphrase: string, name: string) {
  const salt = randomBytes(saltBytes);
  const nonce = randomBytes(nonceBytes);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt), nonce);
  cipher.setAAD(Buffer.from(name));
  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
  out.write(Buffer.concat([magic, salt, nonce]));
  try {
    await pipeline(createReadStream(source), cipher, out, { end: false });
    await new Promise<void>((resolve, reject) =>
      out.end(cipher.getAuthTag(), () => resolve()).once('error', reject),
    );
  } catch (error) {
    out.destroy();
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(target, { force: true });
    throw error;
  }
}

/** Decrypts the copy stored as `name` into a new file `target`, 0600; refuses a wrong key, a changed file or name. */
export async function decryptFile(source: string, target: string, passphrase: string, name: string) {
  const { size } = await stat(source);
  if (size < headerBytes + tagBytes) throw new NotDecryptable(`${source} is not an encrypted backup`);
  const header = Buffer.alloc(headerBytes);
  const tag = Buffer.alloc(tagBytes);
  const file = await open(source, 'r');
  try {
    await file.read(header, 0, headerBytes, 0);
    await file.read(tag, 0, tagBytes, size - tagBytes);
  } finally {
    await file.close();
  }
  if (!header.subarray(0, magic.length).equals(magic))
    throw new NotDecryptable(`${source} is not an encrypted backup`);
  const salt = header.subarray(magic.length, magic.length + saltBytes);
  const nonce = header.subarray(magic.length + saltBytes);
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, salt), nonce);
  decipher.setAuthTag(tag);
  decipher.setAAD(Buffer.from(name));
  try {
    await pipeline(
      createReadStream(source, { start: headerBytes, end: size - tagBytes - 1 }),
      decipher,
      createWriteStream(target, { flags: 'wx', mode: 0o600 }),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Error(`${target} already exists; name a new file`);
    await rm(target, { force: true });
    if ((error as Error).message.includes('authenticate'))
      throw new NotDecryptable(
        `${name} cannot be decrypted with this BACKUP_ENCRYPTION_KEY, or it was changed or renamed`,
      );
    throw error;
  }
}

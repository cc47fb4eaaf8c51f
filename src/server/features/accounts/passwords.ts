import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default) with OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane.
const argon2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** What the database keeps of a password: Argon2id of the SHA-512 hex the browser sent. */
export const hashPassword = (passwordHash: string) => hash(passwordHash, argon2);

// Checked when there is no real hash (an unknown address, a user with no password yet), so a refusal takes
// the same time whether or not the account exists.
let standIn: Promise<string> | undefined;

export async function passwordMatches(passwordHash: string, stored: string | null): Promise<boolean> {
  if (stored) return verify(stored, passwordHash);
  standIn ??= hashPassword(randomBytes(64).toString('hex'));
  await verify(await standIn, passwordHash);
  return false;
}

import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default) with OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane.
const argon2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** What the database keeps of a password: Argon2id of the SHA-512 hex the browser sent. */
export const hashPassword = (passwordHash: string) => hash(passwordHash, argon2);

// One real hash of a random secret, made once when the server loads this module (never per request):
// an attempt on an unknown address, a disabled user or a user with no password yet is checked against
// it, so a refusal costs the same Argon2 work whether or not the account exists.
const standIn = hashPassword(randomBytes(64).toString('hex'));

/** Always one Argon2 check: against the stored hash, or against the stand-in (which never matches). */
export async function passwordMatches(passwordHash: string, stored: string | null): Promise<boolean> {
  if (stored) return verify(stored, passwordHash);
  await verify(await standIn, passwordHash);
  return false;
}

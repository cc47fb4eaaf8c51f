import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** An unguessable token for a link in an email: 256 random bits, 43 URL-safe characters. */
export const newToken = () => randomBytes(32).toString('base64url');

/** A token that only a link may carry: 43 URL-safe characters; anything else is not worth a database lookup. */
export const looksLikeToken = (token: string) => /^[\w-]{43}$/.test(token);

/** What the database keeps of a token, so a leaked table does not leak working links. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A short public reference (an invitation's UID, a link between records): 16 random bytes. */
export const newReference = () => randomBytes(16).toString('base64url');

/**
 * A token the site can compute again whenever it needs it, and nobody can without the secret: an HMAC of
 * `subject` under a key drawn from `secret` for this `purpose` alone (so a token for one purpose is no use
 * for another, and the secret's other uses never see the key). 43 URL-safe characters, like newToken's.
 */
export function derivedToken(secret: string, purpose: string, subject: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', `practice-site ${purpose}`, 32));
  return createHmac('sha256', key).update(subject).digest('base64url');
}

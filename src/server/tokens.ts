import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for a link in an email: 256 random bits, 43 URL-safe characters. */
export const newToken = () => randomBytes(32).toString('base64url');

/** A token that only a link may carry: 43 URL-safe characters; anything else is not worth a database lookup. */
export const looksLikeToken = (token: string) => /^[\w-]{43}$/.test(token);

/** What the database keeps of a token, so a leaked table does not leak working links. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A short public reference (an invitation's UID, a link between records): 16 random bytes. */
export const newReference = () => randomBytes(16).toString('base64url');

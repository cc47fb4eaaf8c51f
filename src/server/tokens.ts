import { createHash, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';

/** An unguessable token for a link in an email: 256 random bits, 43 URL-safe characters. */
export const newToken = () => randomBytes(32).toString('base64url');

/** A token that only a link may carry: 43 URL-safe characters; anything else is not worth a database lookup. */
export const looksLikeToken = (token: string) => /^[\w-]{43}$/.test(token);

/** What the database keeps of a token, so a leaked table does not leak working links. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Letters and digits that cannot be mistaken for one another when read out on the phone or copied by
 * hand: no 0/O, 1/I/L, nor U (heard as "you"); 30 symbols.
 */
export const referenceAlphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A reference a person can read out: the firm's prefix and two groups of three, e.g. `FH-7K3-Q9P`
 * (30⁶, about 729 million, values). It names a record for staff and the person; it grants nothing, so
 * it need not be unguessable. With a firm's few thousand records, a new one repeats an old one about
 * once in a hundred thousand times; the database's unique index then refuses it rather than mix them.
 */
export function newReference(prefix: string) {
  const pick = () => referenceAlphabet[randomInt(referenceAlphabet.length)];
  const group = () => `${pick()}${pick()}${pick()}`;
  return `${prefix}-${group()}-${group()}`;
}

/**
 * A reference as a person typed what they heard or read ("fh 7k3 q9p", "FH7K3Q9P") in the form the
 * site gave it, or the text unchanged when it is not one (older references are matched as typed). Any
 * prefix is read: one the firm used before changing it still finds its records.
 */
export function spokenReference(text: string) {
  const parts = /^\s*([a-z]{1,4})[\s-]*([0-9a-z]{3})[\s-]*([0-9a-z]{3})\s*$/i.exec(text);
  if (!parts) return text;
  return `${parts[1]}-${parts[2]}-${parts[3]}`.toUpperCase();
}

/**
 * A token the site can compute again whenever it needs it, and nobody can without the secret: an HMAC of
 * `subject` under a key drawn from `secret` for this `purpose` alone (so a token for one purpose is no use
 * for another, and the secret's other uses never see the key). 43 URL-safe characters, like newToken's.
 */
export function derivedToken(secret: string, purpose: string, subject: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', `practice-site ${purpose}`, 32));
  return createHmac('sha256', key).update(subject).digest('base64url');
}

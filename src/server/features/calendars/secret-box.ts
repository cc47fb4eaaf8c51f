import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// An adviser's calendar address and password are kept sealed with AES-256-GCM under a key derived from
// CALENDAR_SECRET_KEY, which lives only in the environment: a copy of the database alone reveals neither,
// and a sealed value altered in the database fails to open rather than pointing the sync somewhere else.

/** Where an adviser's busy times are read from. */
export type CalendarSource =
  | { kind: 'caldav'; url: string; username: string; password: string }
  | { kind: 'ics'; url: string };

const version = 'v1';

function keyFrom(secret: string) {
  return Buffer.from(hkdfSync('sha256', secret, 'practice-site', 'adviser calendar sources', 32));
}

export interface SecretBox {
  seal(source: CalendarSource): string;
  /** Throws when the value was sealed under another key or altered. */
  open(sealed: string): CalendarSource;
}

export function secretBox(secret: string): SecretBox {
  const key = keyFrom(secret);
  return {
    seal(source) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(source), 'utf8'), cipher.final()]);
      return [version, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [tag, iv, authTag, body] = sealed.split('.');
      if (tag !== version || !iv || !authTag || body === undefined)
        throw new Error('not a sealed calendar source');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
      const text = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      return JSON.parse(text) as CalendarSource;
    },
  };
}

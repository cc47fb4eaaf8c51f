import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

// A subject access request covers what the site holds about the person through the internet addresses
// it stored with their email address (an enquiry's, their consent trail's, their own staff sessions'):
// the audit entries made from one of those addresses (a sign-in, a password link asked for) and the
// sign-in throttles keyed by one. Another visitor behind the same network address would be tied to the
// person too, so these are listed apart, under the addresses that tie them.

/** The internet addresses stored with one email address, each once. */
async function ipAddressesOf(db: Kysely<Database>, address: string) {
  const [enquiries, consents, sessions] = await Promise.all([
    db.selectFrom('enquiries').select('ip_address').where('email', '=', address).execute(),
    db
      .selectFrom('subscriber_consents')
      .innerJoin('subscribers', 'subscribers.id', 'subscriber_consents.subscriber_id')
      .select('subscriber_consents.ip_address')
      .where('subscribers.email', '=', address)
      .execute(),
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.ip_address')
      .where('users.email', '=', address)
      .execute(),
  ]);
  const found = [...enquiries, ...consents, ...sessions].flatMap((row) =>
    row.ip_address ? [row.ip_address] : [],
  );
  return [...new Set(found)];
}

/** What the detail of an audit entry says it came from, if anything. */
function ipAddressIn(detail: string): string | null {
  try {
    const { ipAddress } = JSON.parse(detail) ?? {};
    return typeof ipAddress === 'string' ? ipAddress : null;
  } catch {
    return null;
  }
}

/** The records tied to the person through the internet addresses stored with their email address. */
export async function exportIpAddressRecords(db: Kysely<Database>, email: string) {
  const address = email.trim().toLowerCase();
  const ipAddresses = await ipAddressesOf(db, address);
  if (ipAddresses.length === 0) return { ipAddresses, auditEntries: [], signInThrottles: [] };
  // An address's text in the JSON detail, first found by LIKE (an IP address holds no % or _), then
  // checked exactly.
  const auditRows = await db
    .selectFrom('audit_log')
    .select(['action', 'subject', 'detail', 'created_at'])
    .where((eb) => eb.or(ipAddresses.map((ip) => eb('detail', 'like', `%${ip}%`))))
    .orderBy('id')
    .execute();
  const auditEntries = auditRows
    .filter((row) => ipAddresses.includes(ipAddressIn(row.detail) ?? ''))
    .map(({ detail, ...row }) => ({ ...row, detail: JSON.parse(detail) as unknown }));
  const keys = ipAddresses.map((ip) => `ip:${ip}`);
  const throttleRows = await db
    .selectFrom('sign_in_throttles')
    .select(['key', 'failures', 'last_failure_at', 'blocked_until'])
    .where((eb) => eb.or(keys.map((key) => eb('key', 'like', `%${key}`))))
    .orderBy('key')
    .execute();
  const signInThrottles = throttleRows.filter((row) =>
    keys.some((key) => row.key === key || row.key.endsWith(` ${key}`)),
  );
  return { ipAddresses, auditEntries, signInThrottles };
}

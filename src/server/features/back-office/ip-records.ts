import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { noAccountSubject } from '#shared/audit.ts';

// A subject access request covers what the site holds about the person through the internet addresses
// it stored with their email address (an enquiry's, their consent trail's, their own staff sessions'):
// the audit entries made from one of those addresses (a sign-in, a password link asked for) and the
// sign-in throttles keyed by one. An address is often shared (an office, a mobile network), so only the
// records that name this person or nobody are handed over: an entry naming a member of staff or anyone
// else, or a throttle on another account, is someone else's data, even from the same address. They are
// listed apart, under the addresses that tie them.

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
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .select(['audit_log.action', 'audit_log.subject', 'audit_log.detail', 'audit_log.created_at'])
    .select('users.email as actor')
    .where((eb) => eb.or(ipAddresses.map((ip) => eb('audit_log.detail', 'like', `%${ip}%`))))
    .orderBy('audit_log.id')
    .execute();
  const namesOnlyThem = (name: string | null) =>
    name === null || name === address || name === noAccountSubject;
  const auditEntries = auditRows
    .filter((row) => ipAddresses.includes(ipAddressIn(row.detail) ?? ''))
    .filter((row) => namesOnlyThem(row.actor) && namesOnlyThem(row.subject))
    .map(({ detail, actor: _, ...row }) => ({ ...row, detail: JSON.parse(detail) as unknown }));
  const keys = ipAddresses.map((ip) => `ip:${ip}`);
  const throttleRows = await db
    .selectFrom('sign_in_throttles')
    .select(['key', 'failures', 'last_failure_at', 'blocked_until'])
    .where((eb) => eb.or(keys.map((key) => eb('key', 'like', `%${key}`))))
    .orderBy('key')
    .execute();
  // `ip:…` counts every attempt from the address; `account:<email> ip:…` one account's, listed only when
  // the account is theirs.
  const signInThrottles = throttleRows.filter((row) =>
    keys.some((key) => row.key === key || row.key === `account:${address} ${key}`),
  );
  return { ipAddresses, auditEntries, signInThrottles };
}

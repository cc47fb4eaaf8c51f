import { sql } from 'kysely';

// Finding one email address wherever the site may have kept it, for data-protection requests.

/** A column holding just the address, in any case (leads keep it as typed; lower(…) indexes serve this). */
export const holdsAddress = (address: string, column = 'email') =>
  sql<boolean>`lower(${sql.ref(column)}) = ${address}`;

/**
 * A column whose text contains the address somewhere, in any case: a cheap first pass, since it also finds
 * `ann@example.com` inside `joann@example.com`; `mentionsAddress` then keeps the true matches. LIKE's
 * wildcards in the address (`_` is common) are escaped.
 */
export const mayMentionAddress = (address: string, column: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${address.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`;

// Characters that may stand next to an address in a longer one: its local part before, its domain after.
const addressPattern = (address: string) =>
  new RegExp(
    `(?<![\\w.!#$%&'*+/=?^\`{|}~-])${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.-])`,
    'gi',
  );

/** Whether `text` names the address itself, not a longer address that contains it. */
export const mentionsAddress = (text: string, address: string) => addressPattern(address).test(text);

/** `text` with every mention of the address replaced. */
export const replaceAddress = (text: string, address: string, replacement: string) =>
  text.replace(addressPattern(address), () => replacement);

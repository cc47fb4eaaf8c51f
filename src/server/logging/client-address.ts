import { createHmac } from 'node:crypto';
import { networkOf } from '#server/http/source-address.ts';

/**
 * What a request line says of the visitor's address (docs/operations.md, "Logs"). A log is copied to more
 * places and kept longer than the database, so it holds no address in clear:
 * - `remoteNetwork`, the address cut to its IPv4 /24 or IPv6 /48: the block an operator would refuse at a
 *   firewall, shared by many people, so it names none of them;
 * - `remoteTag`, a keyed hash of the network every per-address limit counts (an IPv4 address, an IPv6
 *   /64; http/source-address.ts), as the booking's source_address_hash is made: the same visitor gets the
 *   same tag on every line, so one abuser can be followed through the log, but only the holder of
 *   SESSION_SECRET could test a guessed address against it.
 */
export interface LoggedClientAddress {
  remoteNetwork: string;
  remoteTag?: string;
}

/** "203.0.113.7" → "203.0.113.0/24"; "2001:db8:1:2::7" → "2001:db8:1::/48"; anything else as "unknown". */
export function truncatedNetwork(ip: string): string {
  const network = networkOf(ip);
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(network);
  if (v4) return `${v4[1]}.0/24`;
  // networkOf gives an IPv6 address as its /64 prefix, "a:b:c:d::/64", each group without leading zeros.
  const v6 = /^([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(network);
  if (v6) return `${v6[1]}::/48`;
  return 'unknown';
}

/** The tag for each address under a key derived from `secret`: 12 hex digits, enough to tell visitors apart. */
export function clientAddressTagger(secret: string): (ip: string) => string {
  const key = createHmac('sha256', secret).update('log-client-address').digest();
  return (ip) => createHmac('sha256', key).update(networkOf(ip)).digest('hex').slice(0, 12);
}

/** The request line's fields for `ip`; without a secret (a logger made before the config), the network only. */
export function loggedClientAddress(
  ip: string,
  tag: ((ip: string) => string) | undefined,
): LoggedClientAddress {
  return { remoteNetwork: truncatedNetwork(ip), ...(tag && { remoteTag: tag(ip) }) };
}

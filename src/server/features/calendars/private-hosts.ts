import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// In production the site refuses calendar addresses on the machine itself or its private network: a
// staff member (or anyone with their session) could otherwise point "their calendar" at the database,
// the cloud provider's metadata service or an internal admin page and learn from the words a read fails
// with. URL parsing already turns numeric forms such as 2130706433 or 0x7f.1 into 127.0.0.1, and the
// list covers IPv4-mapped IPv6 addresses too. Translations that may lead back inside (NAT64, Teredo) and
// multicast are refused whole. The check that counts is made on the address a connection is opened to
// (guarded-dispatcher.ts); the one here, when a calendar is connected, tells the adviser at once.
// Outside production such addresses stay allowed: the tests read Radicale on 127.0.0.1.

/** How a host name is resolved: every address it has, as the system's resolver answers (tests give their own). */
export type HostLookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemLookup: HostLookup = (hostname) => lookup(hostname, { all: true, verbatim: true });

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, and the deprecated IPv4-compatible form
  ['64:ff9b::', 96], // NAT64: a translator may reach any IPv4 host, the private ones too
  ['64:ff9b:1::', 48], // NAT64 for local use
  ['2001::', 32], // Teredo: a tunnel whose far end the address does not say
  ['fe80::', 10],
  ['fc00::', 7],
  ['ff00::', 8], // multicast
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6');

/**
 * The host of an address as an IP literal would be written for isIP: without IPv6's brackets, and without
 * the trailing dot of a fully qualified name ("localhost." is localhost).
 */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

/** The IPv4 host a 6to4 address (2002::/16) reaches, by which it is judged; undefined for any other. */
function embeddedIpv4(ip: string): string | undefined {
  const groups = expandIpv6(ip);
  if (!groups) return undefined;
  const quad = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');
  if (groups[0] === 0x2002) return quad(groups[1] as number, groups[2] as number);
  return undefined;
}

/** An IPv6 address's eight 16-bit groups (a dotted IPv4 tail read as two), or undefined if malformed. */
function expandIpv6(ip: string): number[] | undefined {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip)?.[1];
  let text = ip;
  if (dotted) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${ip.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) =>
    side === '' ? [] : side.split(':').map((group) => Number.parseInt(group, 16));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const missing = 8 - front.length - back.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const groups = [...front, ...Array<number>(missing).fill(0), ...back];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  if (family === 6) {
    const carried = embeddedIpv4(ip);
    if (carried !== undefined && isPrivateAddress(carried)) return true;
  }
  return privateRanges.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

/** Whether the address names a private host outright (an IP literal, or localhost), without asking DNS. */
export function namesPrivateHost(url: string): boolean {
  const host = hostOf(url).toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}

/**
 * Whether the address's host is, or now resolves to, a private address: asked when a calendar is
 * connected. A name may resolve otherwise later, so each connection is checked again as it is opened.
 */
export async function reachesPrivateHost(url: string, resolve: HostLookup = systemLookup): Promise<boolean> {
  if (namesPrivateHost(url)) return true;
  const host = hostOf(url);
  if (isIP(host)) return false;
  try {
    const addresses = await resolve(host);
    return addresses.some(({ address }) => isPrivateAddress(address));
  } catch {
    return false; // not found: the request itself fails with words of its own
  }
}

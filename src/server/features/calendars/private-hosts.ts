import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// In production the site refuses calendar addresses on the machine itself or its private network: a
// staff member (or anyone with their session) could otherwise point "their calendar" at the database,
// the cloud provider's metadata service or an internal admin page and learn from the words a read fails
// with. URL parsing already turns numeric forms such as 2130706433 or 0x7f.1 into 127.0.0.1, and the
// list covers IPv4-mapped IPv6 addresses too. Outside production such addresses stay allowed: the tests
// read Radicale on 127.0.0.1.

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fe80::', 10],
  ['fc00::', 7],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6');

/** The host of an address as an IP literal would be written for isIP: without IPv6's brackets. */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');

export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  return family !== 0 && privateRanges.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

/** Whether the address names a private host outright (an IP literal, or localhost), without asking DNS. */
export function namesPrivateHost(url: string): boolean {
  const host = hostOf(url).toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}

/** Whether the address's host is, or resolves to, a private address: checked before each request. */
export async function reachesPrivateHost(url: string): Promise<boolean> {
  if (namesPrivateHost(url)) return true;
  const host = hostOf(url);
  if (isIP(host)) return false;
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.some(({ address }) => isPrivateAddress(address));
  } catch {
    return false; // not found: the request itself fails with words of its own
  }
}

import { isIP, isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address is counted as by every per-address limit (the form rate limit, the sign-in
 * throttle, the daily booking cap): an IPv4 address as it is; an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.7`, as a dual-stack socket or a proxy may report an IPv4 visitor) as that IPv4
 * address; any other IPv6 address by its /64 prefix, because one household or server is given a whole
 * /64 and could otherwise take a fresh address for every attempt. Anything else is kept as it is.
 */
export function networkOf(ip: string): string {
  const address = withoutPort(ip).replace(/%.*$/, '').toLowerCase();
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  const [high = 0, low = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** An IPv4 or IPv6 address, with or without a port as some proxies write it. */
export const isNetworkAddress = (entry: string) => isIP(withoutPort(entry).replace(/%.*$/, '')) !== 0;

/**
 * Some proxies (Azure Application Gateway, IIS with ARR) write the visitor as `203.0.113.7:40001` or
 * `[2001:db8::1]:40001`; the port changes with every connection, so it must not make a new address.
 */
function withoutPort(ip: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) return bracketed[1] as string;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(ip);
  return v4WithPort ? (v4WithPort[1] as string) : ip;
}

/** A valid IPv6 address's eight 16-bit groups, however it is written (`::`, a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

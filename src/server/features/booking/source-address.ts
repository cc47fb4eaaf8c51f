import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a visitor books from, as one daily booking limit sees it: an IPv4 address as it is, and an
 * IPv6 address by its /64 prefix, because one household or server is given a whole /64 and could
 * otherwise take a fresh address for every booking.
 */
export function networkOf(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // A trailing dotted IPv4 part fills two groups; it lies past the prefix either way.
  const width = (list: string[]) => list.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const all = [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * What a booking keeps of the address it came from: an HMAC of its network under a key derived from the
 * app's secret, so bookings from one network can be counted without a readable address being stored.
 */
export function sourceAddressHasher(secret: string): (ip: string) => string {
  const key = createHmac('sha256', secret).update('booking-source-address').digest();
  return (ip) => createHmac('sha256', key).update(networkOf(ip)).digest('hex');
}

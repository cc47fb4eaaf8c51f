import { isIP } from 'node:net';
import type { ProxyTrust } from '../config.ts';
import type { Fail } from './reading.ts';

/** proxy-addr's names for the private ranges, which a proxy on the same host or network has. */
const namedRanges = ['loopback', 'linklocal', 'uniquelocal'];

export function parseProxyTrust(value: string, fail: Fail): ProxyTrust {
  if (value === 'false') return { kind: 'none' };
  // One proxy in front (Caddy, nginx) is by far the common case, so that is what `true` means.
  if (value === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(value) && Number(value) >= 1) return { kind: 'hops', hops: Number(value) };
  const addresses = value.split(',').map((entry) => entry.trim());
  if (!addresses.every((entry) => namedRanges.includes(entry) || isAddressOrRange(entry))) {
    fail(
      'TRUST_PROXY',
      `false, true (one proxy), a number of proxies, or a comma-separated list of the proxies' addresses or CIDR ranges (or ${namedRanges.join(', ')})`,
      value,
    );
  }
  return { kind: 'addresses', addresses };
}

function isAddressOrRange(entry: string) {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

import { describe, expect, it } from 'vitest';
import { clientAddressTagger, truncatedNetwork } from './client-address.ts';

describe('what a log line keeps of a visitor’s address', () => {
  it('cuts IPv4 to its /24 and IPv6 to its /48, however it is written', () => {
    expect(truncatedNetwork('203.0.113.7')).toBe('203.0.113.0/24');
    expect(truncatedNetwork('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(truncatedNetwork('203.0.113.7:40001')).toBe('203.0.113.0/24');
    expect(truncatedNetwork('2001:0DB8:0001:0002:0003:0004:0005:0006')).toBe('2001:db8:1::/48');
    expect(truncatedNetwork('[2001:db8:1:2::7]:443')).toBe('2001:db8:1::/48');
    expect(truncatedNetwork('::1')).toBe('0:0:0::/48');
    expect(truncatedNetwork('not an address')).toBe('unknown');
  });

  it('tags one visitor alike on every line, others apart, and differently under another secret', () => {
    const tag = clientAddressTagger('a-secret-of-thirty-two-characters!!');
    expect(tag('203.0.113.7')).toMatch(/^[0-9a-f]{12}$/);
    expect(tag('::ffff:203.0.113.7')).toBe(tag('203.0.113.7'));
    // An IPv6 visitor holds a whole /64, as every per-address limit counts it.
    expect(tag('2001:db8:1:2::7')).toBe(tag('2001:db8:1:2::8'));
    expect(tag('203.0.113.8')).not.toBe(tag('203.0.113.7'));
    expect(tag('2001:db8:1:3::7')).not.toBe(tag('2001:db8:1:2::7'));
    expect(clientAddressTagger('another-secret-of-thirty-two-chars!')('203.0.113.7')).not.toBe(
      tag('203.0.113.7'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { networkOf, sourceAddressHasher } from './source-address.ts';

describe('the network a booking comes from', () => {
  it('keeps an IPv4 address whole, and reads an IPv4-mapped IPv6 address as the IPv4 one', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:0:1::/64';
    for (const ip of [
      '2001:db8:0:1::1',
      '2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd',
      '2001:db8:0:1:1::',
      '2001:db8::1:ffff:0:1.2.3.4',
      '2001:db8:0:1::7%eth0',
    ]) {
      expect([ip, networkOf(ip)]).toEqual([ip, network]);
    }
    expect(networkOf('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps only a keyed hash: the same for one network, different for another or under another key', () => {
    const hash = sourceAddressHasher('a-secret-that-is-long-enough-for-the-app');
    expect(hash('2001:db8:0:1::1')).toBe(hash('2001:db8:0:1::2'));
    expect(hash('2001:db8:0:1::1')).not.toBe(hash('2001:db8:0:2::1'));
    expect(hash('203.0.113.7')).toMatch(/^[0-9a-f]{64}$/);
    expect(hash('203.0.113.7')).not.toContain('203');
    expect(sourceAddressHasher('another-secret-that-is-long-enough-too')('203.0.113.7')).not.toBe(
      hash('203.0.113.7'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { networkOf } from './source-address.ts';

describe('the network an address is counted as', () => {
  it('keeps an IPv4 address whole, and reads an IPv4-mapped IPv6 address as the IPv4 one', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    for (const mapped of [
      '::ffff:203.0.113.7',
      '::FFFF:203.0.113.7',
      '::ffff:cb00:7107',
      '0:0:0:0:0:ffff:cb00:7107',
    ]) {
      expect([mapped, networkOf(mapped)]).toEqual([mapped, '203.0.113.7']);
    }
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
    // Only ::ffff:0:0/96 is IPv4; an address that merely ends in one is IPv6.
    expect(networkOf('::ffff:0:203.0.113.7')).toBe('0:0:0:0::/64');
    expect(networkOf('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves out the port a proxy may write beside the address', () => {
    expect(networkOf('203.0.113.7:40001')).toBe('203.0.113.7');
    expect(networkOf('[2001:db8:0:1::7]:40001')).toBe('2001:db8:0:1::/64');
    expect(networkOf('[2001:db8:0:1::7]')).toBe('2001:db8:0:1::/64');
    expect(networkOf('[::ffff:203.0.113.7]:443')).toBe('203.0.113.7');
  });

  it('keeps what is not an IP address as it is', () => {
    expect(networkOf('unknown')).toBe('unknown');
  });
});

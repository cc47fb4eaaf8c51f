import { describe, expect, it } from 'vitest';
import { sourceAddressHasher } from './source-address.ts';

describe('the network a booking comes from', () => {
  it('keeps only a keyed hash: the same for one network, different for another or under another key', () => {
    const hash = sourceAddressHasher('a-secret-that-is-long-enough-for-the-app');
    expect(hash('2001:db8:0:1::1')).toBe(hash('2001:db8:0:1::2'));
    expect(hash('2001:db8:0:1::1')).not.toBe(hash('2001:db8:0:2::1'));
    expect(hash('::ffff:203.0.113.7')).toBe(hash('203.0.113.7'));
    expect(hash('203.0.113.7')).toMatch(/^[0-9a-f]{64}$/);
    expect(hash('203.0.113.7')).not.toContain('203');
    expect(sourceAddressHasher('another-secret-that-is-long-enough-too')('203.0.113.7')).not.toBe(
      hash('203.0.113.7'),
    );
  });
});

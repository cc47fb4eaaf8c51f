import { expect, it } from 'vitest';
import { mentionsAddress, replaceAddress } from './address-matching.ts';

it('finds an address in any case, and not inside a longer address', () => {
  const address = 'ann_lee@example.com';
  expect(mentionsAddress('Reply to Ann_Lee@Example.com today', address)).toBe(true);
  expect(mentionsAddress('{"email":"ann_lee@example.com"}', address)).toBe(true);
  expect(mentionsAddress('account:ann_lee@example.com ip:10.0.0.1', address)).toBe(true);
  for (const other of ['joann_lee@example.com', 'ann_lee@example.com.au', 'ann.ann_lee@example.com']) {
    expect([other, mentionsAddress(other, address)]).toEqual([other, false]);
  }
  expect(mentionsAddress('annXlee@example.com', address)).toBe(false); // `_` is not a wildcard
});

it('replaces every mention of the address and nothing else', () => {
  expect(
    replaceAddress(
      '{"to":"Ann@example.com","cc":"joann@example.com","by":"ann@example.com"}',
      'ann@example.com',
      'X',
    ),
  ).toBe('{"to":"X","cc":"joann@example.com","by":"X"}');
});

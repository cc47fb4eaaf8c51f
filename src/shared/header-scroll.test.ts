import { describe, expect, it } from 'vitest';
import { nextAtTop } from './header-scroll.ts';

describe('header at-top flag', () => {
  it('leaves the top only above 10 px', () => {
    expect(nextAtTop(true, 10)).toBe(true);
    expect(nextAtTop(true, 11)).toBe(false);
  });

  it('returns to the top only below 4 px', () => {
    expect(nextAtTop(false, 4)).toBe(false);
    expect(nextAtTop(false, 3)).toBe(true);
  });

  it('keeps its value between the thresholds', () => {
    for (const y of [4, 7, 10]) {
      expect(nextAtTop(true, y)).toBe(true);
      expect(nextAtTop(false, y)).toBe(false);
    }
  });
});

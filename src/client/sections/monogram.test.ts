import { describe, expect, it } from 'vitest';
import { monogramOf } from './monogram.ts';

describe('a team member’s monogram', () => {
  it('takes the first and last names’ initials, leaving out the letters after the name', () => {
    expect(monogramOf('Helen Fenwick FCA')).toBe('HF');
    expect(monogramOf('Tom Hale CTA ACA')).toBe('TH');
    expect(monogramOf('Priya Lal ACCA')).toBe('PL');
  });

  it('skips a title and middle names, and keeps one initial for one name', () => {
    expect(monogramOf('Dr Imran Ali Qureshi')).toBe('IQ');
    expect(monogramOf('Siân')).toBe('S');
    expect(monogramOf('Éowyn ap Rhys ATT')).toBe('ÉR');
  });
});

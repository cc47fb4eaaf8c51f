import { describe, expect, it } from 'vitest';
import { ago, pounds } from './format.ts';

describe('what a card says in few words', () => {
  const now = new Date('2026-11-30T12:00:00Z');

  it('says how long ago in the largest whole unit', () => {
    expect(ago('2026-11-30T08:00:00Z', now)).toEqual({ words: 'today', short: 'today' });
    expect(ago('2026-11-29T11:00:00Z', now)).toEqual({ words: '1 day ago', short: '1d' });
    expect(ago('2026-11-20T12:00:00Z', now)).toEqual({ words: '1 week ago', short: '1w' });
    expect(ago('2026-09-30T12:00:00Z', now)).toEqual({ words: '2 months ago', short: '2mo' });
    expect(ago('2024-11-01T12:00:00Z', now)).toEqual({ words: '2 years ago', short: '2y' });
  });

  it('writes pence as pounds, with pence only when there are some', () => {
    expect(pounds(125_000)).toBe('£1,250');
    expect(pounds(9_950)).toBe('£99.50');
  });
});

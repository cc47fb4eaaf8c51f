import { describe, expect, it } from 'vitest';
import { firstWords } from './first-words.ts';

describe('the first words of a message', () => {
  it('keeps a short message whole, on one line', () => {
    expect(firstWords('Hello,\n\n  we need   year-end accounts.')).toBe('Hello, we need year-end accounts.');
  });

  it('cuts a long one at a word, without a stray comma, and says there is more', () => {
    const words = firstWords(
      'We are a small dental practice, three surgeries, looking for help with payroll',
      40,
    );
    expect(words).toBe('We are a small dental practice, three…');
    expect(words.length).toBeLessThanOrEqual(40);
  });

  it('cuts a single long word where it must', () => {
    expect(firstWords('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

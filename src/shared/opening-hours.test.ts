import { describe, expect, it } from 'vitest';
import { daysInWords, openingHoursInWords, timeInWords } from './opening-hours.ts';

describe('opening hours in words', () => {
  it('writes the usual week as firms do', () => {
    expect(
      openingHoursInWords({
        days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '17:00',
      }),
    ).toBe('Monday to Friday, 9am to 5pm');
  });

  it('gives a time its minutes only when it has some, and noon and midnight their own hour', () => {
    expect(['08:30', '12:00', '12:15', '17:30', '00:00'].map(timeInWords)).toEqual([
      '8:30am',
      '12pm',
      '12:15pm',
      '5:30pm',
      '12am',
    ]);
  });

  it('joins runs of three or more days with "to", lists the rest, in the week’s order', () => {
    expect(daysInWords(['Saturday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'])).toBe(
      'Monday to Thursday and Saturday',
    );
    expect(daysInWords(['Monday', 'Wednesday', 'Friday'])).toBe('Monday, Wednesday and Friday');
    expect(daysInWords(['Monday', 'Tuesday'])).toBe('Monday and Tuesday');
    expect(daysInWords(['Thursday'])).toBe('Thursday');
  });
});

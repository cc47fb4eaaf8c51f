import { expect, it } from 'vitest';
import { calendarState } from './adviser-words.ts';

const now = new Date('2027-03-10T08:10:00Z');
const calendar = {
  kind: 'ics' as const,
  host: 'outlook.office365.com',
  connectedAt: '2027-03-01T08:00:00.000Z',
  stale: false,
};

it('says a failed read failed, and passes on what a read that succeeded could not follow as it is', () => {
  expect(
    calendarState(
      {
        ...calendar,
        lastReadAt: '2027-03-10T07:00:00.000Z',
        lastAttemptAt: '2027-03-10T08:00:00.000Z',
        lastError: 'The calendar took too long to read',
      },
      now,
    ).error,
  ).toBe('The last read failed: The calendar took too long to read');
  const note =
    'Read, but one repeating event repeats too often to follow: it counts as busy for all the time it runs';
  expect(
    calendarState(
      {
        ...calendar,
        lastReadAt: '2027-03-10T08:00:01.000Z',
        lastAttemptAt: '2027-03-10T08:00:00.000Z',
        lastError: note,
      },
      now,
    ).error,
  ).toBe(note);
});

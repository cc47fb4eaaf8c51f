import { expect, it } from 'vitest';
import { localDateTime } from './local-date-time.ts';

it('takes a real date and time, and refuses one the calendar does not have rather than rolling it over', () => {
  const field = localDateTime('Choose a date and a time');
  for (const real of ['2027-02-28T10:00', '2028-02-29T23:59', '2026-12-31T00:00']) {
    expect(field.safeParse(real).success, real).toBe(true);
  }
  for (const unreal of [
    '2027-02-29T10:00',
    '2027-02-30T10:00',
    '2027-13-45T10:00',
    '2026-12-31T25:61',
    '2026-12-31T24:00',
    '2026-12-31 10:00',
    '',
  ]) {
    expect(field.safeParse(unreal).error?.issues[0]?.message, unreal).toBe('Choose a date and a time');
  }
});

import { describe, expect, it } from 'vitest';
import { availabilityProblem, settingLabels } from './availability-words.ts';
import { availabilitySettingsSchema, defaultAvailabilitySettings } from './booking-settings.ts';

/** Every refusal of `settings` in words, as the back office shows them. */
function refusalsOf(settings: unknown): string[] {
  const result = availabilitySettingsSchema.safeParse(settings);
  return result.success
    ? []
    : result.error.issues.map((issue) => availabilityProblem(issue.path, issue.message));
}

const withHours = (day: string, periods: unknown) => ({
  ...defaultAvailabilitySettings,
  workingHours: { ...defaultAvailabilitySettings.workingHours, [day]: periods },
});

describe('availability settings in words', () => {
  it('names the weekday and the period by its place in words, and which end of it is wrong', () => {
    expect(refusalsOf(withHours('wednesday', [{ start: '9am', end: '17:00' }]))).toEqual([
      'Wednesday, first period: use a time like 09:00 for its start',
    ]);
    const periods = Array.from({ length: 10 }, (_, i) => ({ start: `0${i}:00`, end: `0${i}:30` }));
    periods[9] = { start: '09:00', end: '25:00' };
    expect(refusalsOf(withHours('tuesday', periods))).toEqual([
      'Tuesday, tenth period: use a time like 09:00 for its end',
    ]);
    expect(availabilityProblem(['workingHours', 'sunday', '11', 'start'], 'Invalid')).toBe(
      'Sunday, period 12: use a time like 09:00 for its start',
    );
  });

  it('says a period must end after it starts, and keeps the words of periods that overlap', () => {
    expect(refusalsOf(withHours('thursday', [{ start: '12:00', end: '10:00' }]))).toEqual([
      'Thursday: each period must end after it starts',
    ]);
    expect(
      refusalsOf(
        withHours('monday', [
          { start: '09:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
        ]),
      ),
    ).toEqual(['Monday: the periods 09:00–12:00 and 11:00–13:00 overlap']);
  });

  it('names every other setting by its label on the form, with the numbers it accepts', () => {
    expect(refusalsOf({ ...defaultAvailabilitySettings, bufferMinutes: -5 })).toEqual([
      'Gap between calls: use a whole number of minutes from 0 to 240',
    ]);
    expect(refusalsOf({ ...defaultAvailabilitySettings, minimumNoticeHours: 'soon' })).toEqual([
      'Minimum notice: use a whole number of hours from 0 to 1440',
    ]);
    expect(refusalsOf({ ...defaultAvailabilitySettings, workingHours: 'weekdays' })).toEqual([
      "Working hours: give each weekday's periods, or none",
    ]);
  });

  it('labels the settings without their keys', () => {
    for (const label of Object.values(settingLabels)) expect(label).not.toMatch(/[a-z][A-Z]/);
    expect(settingLabels.maxDaysOffered).toBe('Days ahead offered');
  });
});

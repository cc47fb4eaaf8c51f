import { type AvailabilitySettings, backToFrontMessage, settingLimits } from './booking-settings.ts';
import { type WeekdayName, weekdayNames } from './calendar.ts';

// The availability settings in the words staff read: each setting's label on the form, and each refusal
// naming the day, the period and the problem ("Wednesday, first period: use a time like 09:00 for its
// start") rather than the setting's place in the JSON.

/** The label of each setting the form shows as a number, as staff read it on the form. */
export const settingLabels = {
  callMinutes: 'Call length (minutes)',
  bufferMinutes: 'Gap between calls (minutes)',
  minimumNoticeHours: 'Minimum notice (hours)',
  maxDaysOffered: 'Days ahead offered',
} as const satisfies Record<keyof typeof settingLimits, string>;

/** "Monday" for monday. */
export const dayLabel = (day: WeekdayName) => `${day[0]?.toUpperCase()}${day.slice(1)}`;

const ordinals = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];
/** "first period", …, "period 11". */
export const periodLabel = (index: number) =>
  index < ordinals.length ? `${ordinals[index]} period` : `period ${index + 1}`;

const isWeekday = (value: unknown): value is WeekdayName => weekdayNames.includes(value as WeekdayName);

/** What each setting other than the working hours needs, said whatever was wrong with it. */
const needs: Record<Exclude<keyof AvailabilitySettings, 'workingHours'>, string> = {
  timeZone: 'Time zone: choose a time zone from the list, such as Europe/London',
  callMinutes: numberNeed('callMinutes', 'minutes'),
  bufferMinutes: numberNeed('bufferMinutes', 'minutes'),
  minimumNoticeHours: numberNeed('minimumNoticeHours', 'hours'),
  maxDaysOffered: `${numberNeed('maxDaysOffered', 'days')}, or 0 for no limit`,
  pastDateAllowed: 'Calls can never be offered in the past',
};

function numberNeed(name: keyof typeof settingLimits, unit: string) {
  const { min, max } = settingLimits[name];
  const label = settingLabels[name].replace(/ \(.*\)$/, '');
  return `${label}: use a whole number of ${unit} from ${min} to ${max}`;
}

/**
 * One refusal of the availability settings in words, from where in the settings the problem is (`path`,
 * as the schema reports it) and the schema's own message. A problem of the whole settings (periods that
 * overlap) already names its day, so its message is kept.
 */
export function availabilityProblem(path: readonly PropertyKey[], message: string): string {
  const [setting, day, period, end] = path;
  if (setting === 'workingHours') {
    if (!isWeekday(day)) return "Working hours: give each weekday's periods, or none";
    // The place of a period may come as a number or as its digits, depending on who reports it.
    const index = typeof period === 'number' || typeof period === 'string' ? Number(period) : Number.NaN;
    if (!Number.isInteger(index) || index < 0) {
      return message === backToFrontMessage
        ? `${dayLabel(day)}: each period must end after it starts`
        : `${dayLabel(day)}: give the working hours as periods with a start and an end`;
    }
    const where = `${dayLabel(day)}, ${periodLabel(index)}`;
    if (end === 'start' || end === 'end') return `${where}: use a time like 09:00 for its ${end}`;
    return `${where}: give a start and an end time`;
  }
  if (typeof setting === 'string' && setting in needs) return needs[setting as keyof typeof needs];
  return message;
}

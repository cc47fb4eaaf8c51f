import { type WeekdayName, weekdayNames } from './calendar.ts';
import { z } from './zod.ts';

const clockTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = z.string().regex(clockTimePattern, { error: 'Use a 24-hour time such as 09:00' });
/** Said of a weekday whose periods include one that ends before it starts. */
export const backToFrontMessage = 'Each period must end after it starts';
const hours = z
  .array(z.object({ start: clockTime, end: clockTime }))
  // A period with a time that is not one is refused for that time alone, not also as back to front.
  .refine(
    (ranges) =>
      ranges.every(
        (r) => !clockTimePattern.test(r.start) || !clockTimePattern.test(r.end) || r.start < r.end,
      ),
    { error: backToFrontMessage },
  );

/** The whole numbers each numeric setting accepts, which the words of a refusal repeat. */
export const settingLimits = {
  callMinutes: { min: 10, max: 240 },
  bufferMinutes: { min: 0, max: 240 },
  minimumNoticeHours: { min: 0, max: 24 * 60 },
  maxDaysOffered: { min: 0, max: 366 },
} as const;
const whole = ({ min, max }: { min: number; max: number }) => z.number().int().min(min).max(max);

/**
 * The shape of the firm's availability as stored. Settings saved before overlapping periods were refused
 * may still hold some, so reading them back must not refuse them: the slot engine joins them.
 */
export const storedAvailabilitySettingsSchema = z.object({
  timeZone: z.string().refine(isTimeZone, { error: 'Choose a time zone such as Europe/London' }),
  workingHours: z.object(
    Object.fromEntries(weekdayNames.map((day) => [day, hours])) as Record<
      (typeof weekdayNames)[number],
      typeof hours
    >,
  ),
  callMinutes: whole(settingLimits.callMinutes),
  bufferMinutes: whole(settingLimits.bufferMinutes),
  minimumNoticeHours: whole(settingLimits.minimumNoticeHours),
  maxDaysOffered: whole(settingLimits.maxDaysOffered),
  pastDateAllowed: z.literal(false),
});

/**
 * The firm's availability for initial calls, as the back office saves it: a time zone the runtime lists
 * (not merely one it can read, such as an offset like +01:00), and no day's periods may overlap. A weekday
 * without periods is closed: there is no other way to close one.
 */
export const availabilitySettingsSchema = storedAvailabilitySettingsSchema.superRefine(
  (settings, context) => {
    if (!isListedTimeZone(settings.timeZone)) {
      context.addIssue({ code: 'custom', message: 'Choose a time zone from the list', path: ['timeZone'] });
    }
    for (const day of weekdayNames) {
      for (const message of overlapsOn(day, settings.workingHours[day])) {
        context.addIssue({ code: 'custom', message, path: [] });
      }
    }
  },
);

export type AvailabilitySettings = z.infer<typeof storedAvailabilitySettingsSchema>;

/** "Monday: the periods 09:00–12:00 and 11:00–13:00 overlap", once for each pair that does. */
export function overlapsOn(day: WeekdayName, periods: readonly { start: string; end: string }[]): string[] {
  // A period with a bad time, or ending before it starts, is refused on its own and compared with none.
  const sorted = periods
    .filter((p) => clockTimePattern.test(p.start) && clockTimePattern.test(p.end) && p.start < p.end)
    .sort((a, b) => a.start.localeCompare(b.start));
  const dayName = `${day[0]?.toUpperCase()}${day.slice(1)}`;
  const messages: string[] = [];
  sorted.forEach((earlier, i) => {
    for (const later of sorted.slice(i + 1)) {
      // Periods that only touch (12:00 end, 12:00 start) do not overlap.
      if (later.start < earlier.end) {
        messages.push(
          `${dayName}: the periods ${earlier.start}–${earlier.end} and ${later.start}–${later.end} overlap`,
        );
      }
    }
  });
  return messages;
}

const officeHours = [{ start: '09:00', end: '17:00' }];
export const defaultAvailabilitySettings: AvailabilitySettings = {
  timeZone: 'Europe/London',
  workingHours: {
    monday: officeHours,
    tuesday: officeHours,
    wednesday: officeHours,
    thursday: officeHours,
    friday: officeHours,
    saturday: [],
    sunday: [],
  },
  callMinutes: 30,
  bufferMinutes: 0,
  minimumNoticeHours: 24,
  maxDaysOffered: 60,
  pastDateAllowed: false,
};

/** The weekdays without working hours, which the calendar never offers ("saturday", "sunday"). */
export const closedWeekdays = (settings: Pick<AvailabilitySettings, 'workingHours'>): WeekdayName[] =>
  weekdayNames.filter((day) => settings.workingHours[day].length === 0);

/** The settings the public calendar chooses dates by: its closed weekdays are those without hours. */
export const calendarSettingsOf = (settings: AvailabilitySettings) => ({
  pastDateAllowed: settings.pastDateAllowed,
  maxDaysOffered: settings.maxDaysOffered,
  ignoreDays: closedWeekdays(settings),
});

/**
 * Whether the runtime lists a time zone as one of its own, under this name or another: runtimes differ on
 * which of a zone's names they list (Asia/Kolkata or Asia/Calcutta, Europe/Kyiv or Europe/Kiev), so a zone
 * the browser listed is taken if the server's runtime knows it by either. UTC is named but not listed.
 */
export function isListedTimeZone(zone: string): boolean {
  const listed = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  if (listed.has(zone)) return true;
  try {
    return listed.has(new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** What the booking calendar in the browser needs: the calendar's settings plus the firm's zone. */
export const publicCalendarSettingsSchema = z.object({
  pastDateAllowed: z.boolean().describe('Always false: no call can be booked in the past.'),
  maxDaysOffered: z.number().int().describe('How many days ahead calls are offered; 0 for no limit.'),
  ignoreDays: z
    .array(z.string())
    .describe('Weekdays never offered, which are those without working hours, such as "saturday".'),
  timeZone: z.string().describe('The firm’s time zone, in which every date and time is given.'),
  callMinutes: z.number().int().describe('How long a call lasts.'),
  closedDates: z
    .array(z.string())
    .describe(
      'ISO dates from today to the last day offered (a year ahead when every day is offered) on which no ' +
        'call can be booked however free the day is: blocked, bank holidays, ignored weekdays, days ' +
        'without working hours, and days whose times are all within the minimum notice.',
    ),
});
export type PublicCalendarSettings = z.infer<typeof publicCalendarSettingsSchema>;

// Settings are read on every request for times, and building a formatter to try a zone is slow: each
// answer is remembered (a bounded number of names, so a stream of made-up ones cannot grow it for ever).
const zoneAnswers = new Map<string, boolean>();

function isTimeZone(zone: string) {
  let known = zoneAnswers.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (zoneAnswers.size < 1_000) zoneAnswers.set(zone, known);
  }
  return known;
}

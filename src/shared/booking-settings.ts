import { weekdayNames } from './calendar.ts';
import { z } from './zod.ts';

const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a 24-hour time such as 09:00' });
const hours = z
  .array(z.object({ start: clockTime, end: clockTime }))
  .refine((ranges) => ranges.every((r) => r.start < r.end), {
    error: 'Each period must end after it starts',
  });

/** The firm's availability for initial calls. Stored in the database; these are the defaults. */
export const availabilitySettingsSchema = z.object({
  timeZone: z.string().refine(isTimeZone, { error: 'Choose a time zone such as Europe/London' }),
  workingHours: z.object(
    Object.fromEntries(weekdayNames.map((day) => [day, hours])) as Record<
      (typeof weekdayNames)[number],
      typeof hours
    >,
  ),
  callMinutes: z.number().int().min(10).max(240),
  bufferMinutes: z.number().int().min(0).max(240),
  minimumNoticeHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  maxDaysOffered: z.number().int().min(0).max(366),
  ignoreDays: z.array(z.enum(weekdayNames)),
  pastDateAllowed: z.literal(false),
});

export type AvailabilitySettings = z.infer<typeof availabilitySettingsSchema>;

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
  ignoreDays: ['saturday', 'sunday'],
  pastDateAllowed: false,
};

/** What the booking calendar in the browser needs: SPEC §3's calendar settings plus the firm's zone. */
export interface PublicCalendarSettings {
  pastDateAllowed: boolean;
  maxDaysOffered: number;
  ignoreDays: string[];
  timeZone: string;
  callMinutes: number;
}

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

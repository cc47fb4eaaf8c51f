import { z } from 'zod';
import { emailAddressField } from './email.ts';

// SPEC §4, §5, §8: the exact texts of the booking modal.
export const bookingMessages = {
  selectTime: 'Please select a time',
  booked: 'Thanks for booking your call.',
  connectionProblem: 'There was a connection problem. Please try again.',
  slotTaken: 'Sorry, that time has just been taken. Please choose another time.',
  slotNotOffered: 'That time is not available. Please choose another time.',
} as const;

/** The event the modal fires once a call is booked (SPEC §4); other features listen for it. */
export const callBookedEvent = 'call-booked';
export interface CallBookedDetail {
  date: string;
  time: string;
  email: string;
}

/** POST /api/gettimesfordate (SPEC §7): month is 1-based here. */
export const timesForDateRequestSchema = z.object({
  year: z.number({ error: 'year must be a number' }).int().min(2000).max(2100),
  month: z.number({ error: 'month must be a number from 1 to 12' }).int().min(1).max(12),
  day: z.number({ error: 'day must be a number from 1 to 31' }).int().min(1).max(31),
  apptType: z.literal('initial', { error: "apptType must be 'initial'" }),
});

export interface TimeSlot {
  startHour: number;
  startMinute: number;
}

const whole = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min)
    .max(max);

/** POST /forms/book-call-form (SPEC §3): selectedMonth is 0-based. */
export const bookCallSchema = z.object({
  emailAddress: emailAddressField,
  submitMethod: z.literal('2', { error: "submitMethod must be '2'" }),
  /** YYYY-MM-DD */
  selectedDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'selectedDate must be a date like 2026-12-01' }),
  /** HH:MM, 24-hour */
  selectedValue: z.string().regex(/^\d{2}:\d{2}$/, { error: 'selectedValue must be a time like 09:30' }),
  selectedYear: whole('selectedYear', 2000, 2100),
  selectedMonth: whole('selectedMonth', 0, 11),
  selectedDay: whole('selectedDay', 1, 31),
  selectedHour: whole('selectedHour', 0, 23),
  selectedMinute: whole('selectedMinute', 0, 59),
  /** The time as shown, e.g. 9:30am */
  selectedTimeString: z.string().max(20, { error: 'selectedTimeString is too long' }),
  /** Set when the call is booked from an application questionnaire. */
  applicationReference: z.string().max(64).optional(),
});

export type BookCallPayload = z.infer<typeof bookCallSchema>;

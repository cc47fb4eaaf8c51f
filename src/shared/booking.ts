import { recTokenField } from './bot-check-schemas.ts';
import { type CalendarDate, formatTime, toIsoDate } from './calendar.ts';
import { emailAddressField } from './email-field.ts';
import { connectionProblem } from './messages.ts';
import { visitSourceFields } from './visit-source-schema.ts';
import { z } from './zod.ts';

// docs/behaviour/booking.md#sending-a-booking: the exact texts of the booking modal.
export const bookingMessages = {
  selectTime: 'Please select a time',
  booked: 'Thanks for booking your call.',
  connectionProblem,
  slotTaken: 'Sorry, that time has just been taken. Please choose another time.',
  slotNotOffered: 'That time is not available. Please choose another time.',
  /** One address may hold only a few calls ahead, so nobody can fill the calendar in someone's name. */
  tooManyUpcoming:
    'This email address already has as many calls booked with us as we can hold for one person. ' +
    'Please cancel one with the link in its confirmation email, or call us to change it.',
  /** One connection may book only a few calls a day. */
  tooManyToday:
    'We cannot take any more bookings from your connection today. Please try again tomorrow, or call us.',
} as const;

const whole = (name: string, min: number, max: number) => {
  const error = `${name} must be a whole number from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** The free times of a day, as the booking calendar asks for them: month is 1-based here. */
/**
 * The adviser a visitor asked to speak to ("Book a call with …" beside them on a team): only their times
 * are offered and the call is theirs. Without it, any adviser free then takes the call.
 */
const adviserNumber = { error: 'adviser must be an adviser’s number' };
const isAdviserNumber = (value: number) => Number.isInteger(value) && value >= 1 && value <= 999_999_999;
export const chosenAdviserField = z.number(adviserNumber).refine(isAdviserNumber, adviserNumber).optional();
/** The same, as a query string spells it: digits only. */
export const chosenAdviserQuery = z
  .string(adviserNumber)
  .regex(/^[1-9]\d{0,8}$/, adviserNumber)
  .transform(Number)
  .optional();

export const timesForDateRequestSchema = z.object({
  year: whole('year', 2000, 2100),
  month: whole('month', 1, 12),
  day: whole('day', 1, 31),
  apptType: z.literal('initial', { error: "apptType must be 'initial'" }),
  adviser: chosenAdviserField,
});

/** A free start time, in the firm's time zone. */
export const timeSlotSchema = z.object({
  startHour: z.number().int(),
  startMinute: z.number().int(),
});
export type TimeSlot = z.infer<typeof timeSlotSchema>;

/** A booking as the booking modal sends it: selectedMonth is 0-based. */
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
  adviser: chosenAdviserField,
  /** The bot-check token for the action 'bookcall'. */
  recToken: recTokenField,
  ...visitSourceFields,
});

export type BookCallPayload = z.infer<typeof bookCallSchema>;
/** The booking payload's own fields (docs/behaviour/booking.md#sending-a-booking), before the bot-check token is added. */
export type BookCallFields = Omit<BookCallPayload, 'recToken' | 'applicationReference' | 'adviser'>;

/** The booking payload of docs/behaviour/booking.md#sending-a-booking for a chosen date and slot, as the modal builds it before its token. */
export function buildBookCallPayload(
  date: CalendarDate,
  slot: TimeSlot,
  emailAddress: string,
): BookCallFields {
  return {
    emailAddress,
    submitMethod: '2',
    selectedDate: toIsoDate(date),
    selectedValue: slotValue(slot),
    selectedYear: date.year,
    selectedMonth: date.month,
    selectedDay: date.day,
    selectedHour: slot.startHour,
    selectedMinute: slot.startMinute,
    selectedTimeString: formatTime(slot.startHour, slot.startMinute),
  };
}

/** A slot as the payload's selectedValue writes it: 24-hour HH:MM. */
export function slotValue(slot: TimeSlot): string {
  return `${String(slot.startHour).padStart(2, '0')}:${String(slot.startMinute).padStart(2, '0')}`;
}

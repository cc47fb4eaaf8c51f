import { timeSlotSchema, timesForDateRequestSchema } from '../booking.ts';
import { z } from '../zod.ts';
import { bookingLead } from './back-office-bookings.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';
import { backOfficeTag } from './lead-lists.ts';
import { leadNotFound } from './staged-leads.ts';

// Moving a booked call to another time, by the visitor from their confirmation email's "Change the time"
// link or by staff from the call's page, and giving it to another adviser
// (docs/behaviour/booking.md#changing-a-call).

/** The exact words of each answer. */
export const callChangeMessages = {
  moved: 'The call has moved. The visitor has been emailed the new time and an updated invitation.',
  reassigned: 'The call has a new adviser. The visitor has been emailed an updated invitation.',
  visitorMoved: 'Your call has moved.',
  cancelled: 'This call is cancelled, so it cannot be moved.',
  past: 'This call has already taken place, so it cannot be moved.',
  sameTime: 'The call is already at that time.',
  sameAdviser: 'The call is already with that adviser.',
  notFree: 'That adviser is not free at the time of the call. Please choose another.',
  unknownLink: 'We do not recognise this link',
  notAllowed: 'This request was not allowed',
} as const;

/** The page a confirmation email's "Change the time" link opens, with the link's token. */
export const changeCallPagePath = '/bookings/change';

const isoDate = z
  .string({ error: 'date must be a date written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a date written YYYY-MM-DD');
const clockTime = z
  .string({ error: 'time must be a time written HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be a time written HH:MM');

/** The new time a call is moved to: the day and the start, in the firm's time zone. */
export const newTimeSchema = z.object({ date: isoDate, time: clockTime });
export type NewTime = z.infer<typeof newTimeSchema>;

/** The token of a "Change the time" link, as the page sends it back (never in an address it asks). */
const linkToken = z.string({ error: 'token is missing' }).min(1, 'token is missing').max(200);

const tooMany = refusal.describe('Too many requests from this address in a minute.');
const unknownLink = refusal.describe(`"${callChangeMessages.unknownLink}"`);

export const changingCallSchema = z.object({
  state: z
    .enum(['movable', 'cancelled', 'past'])
    .describe('Whether the call can be moved: not once cancelled, nor once it has begun.'),
  when: z
    .string()
    .describe('When the call is now, as the emails write it: "Tuesday 1 December 2026 at 9:30am GMT".'),
  date: z.string().describe('Its day (YYYY-MM-DD) on the firm’s clocks: the calendar opens on its month.'),
  adviser: z
    .number()
    .int()
    .nullable()
    .describe(
      'The adviser who takes the call, whose free times are offered; null before the firm had advisers.',
    ),
  adviserName: z.string().nullable(),
});
export type ChangingCall = z.infer<typeof changingCallSchema>;

export const changingCall = endpoint({
  method: 'POST',
  path: '/api/bookings/change/call',
  access: 'public',
  tag: 'Booking',
  summary: 'The call a "Change the time" link names: when it is, and whether it can still be moved',
  body: z.object({ token: linkToken }),
  answers: {
    200: changingCallSchema.describe('The call: when it is, with whom, and whether it can be moved.'),
    404: unknownLink,
    422: refusal,
    429: tooMany,
  },
});

export const changeCallDays = endpoint({
  method: 'POST',
  path: '/api/bookings/change/days',
  access: 'public',
  tag: 'Booking',
  summary: 'The days of a month (1 to 12) with a time free to move the call to',
  body: z.object({
    token: linkToken,
    year: timesForDateRequestSchema.shape.year,
    month: timesForDateRequestSchema.shape.month,
  }),
  answers: {
    200: z.object({ availableDates: z.array(z.string()) }).describe('ISO dates, earliest first.'),
    404: unknownLink,
    422: refusal,
    429: tooMany,
  },
});

export const changeCallTimes = endpoint({
  method: 'POST',
  path: '/api/bookings/change/times',
  access: 'public',
  tag: 'Booking',
  summary: 'The times of one day the call can move to: its adviser’s free times, its own not in the way',
  body: z.object({
    token: linkToken,
    year: timesForDateRequestSchema.shape.year,
    month: timesForDateRequestSchema.shape.month,
    day: timesForDateRequestSchema.shape.day,
  }),
  answers: {
    200: z.array(timeSlotSchema).describe('Start times in the firm’s zone, earliest first.'),
    404: unknownLink,
    422: refusal,
    429: tooMany,
  },
});

export const changeCall = endpoint({
  method: 'POST',
  path: changeCallPagePath,
  access: 'public',
  tag: 'Booking',
  summary: 'Move a call to a new time, as the change page posts it (from the site’s own page)',
  description:
    'Moves the call, and emails the visitor its new time with an updated invitation (the same UID, a higher ' +
    'SEQUENCE) and the staff a notice; the adviser’s calendar follows.',
  body: newTimeSchema.extend({ token: linkToken }),
  answers: {
    200: formAnswerSchema.describe(`Moved: infoMessages is ["${callChangeMessages.visitorMoved}"].`),
    403: refusal.describe(`Not posted from the site’s own page: "${callChangeMessages.notAllowed}".`),
    404: unknownLink,
    409: refusal.describe(
      'The time was taken meanwhile, or the call was cancelled, has taken place or moved.',
    ),
    422: refusal.describe('A field is wrong, or the time is not offered.'),
    429: tooMany,
  },
});

const callParams = bookingLead.detail.params;

export const callFreeTimes = endpoint({
  method: 'GET',
  path: `${bookingLead.detail.path}/free-times`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'The times of a day a call can move to, by the public calendar’s rules, its own not in the way',
  params: callParams,
  query: z.object({ date: isoDate }),
  answers: {
    200: z
      .object({ times: z.array(timeSlotSchema) })
      .describe('Start times in the firm’s zone, earliest first.'),
    404: leadNotFound,
  },
});

export const rescheduleCall = endpoint({
  method: 'POST',
  path: `${bookingLead.detail.path}/reschedule`,
  access: 'staff',
  tag: backOfficeTag,
  summary:
    'Move a call to another free time: the visitor gets an updated invitation, the adviser’s diary follows',
  params: callParams,
  body: newTimeSchema,
  answers: {
    200: formAnswerSchema.describe(`"${callChangeMessages.moved}"`),
    404: leadNotFound,
    409: refusal.describe('The time was taken meanwhile, or the call is cancelled, past or was just moved.'),
    422: refusal.describe('A field is wrong, the time is not offered, or it is the call’s own.'),
  },
});

export const callFreeAdvisers = endpoint({
  method: 'GET',
  path: `${bookingLead.detail.path}/free-advisers`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'The other advisers free at a call’s time, who could take it',
  params: callParams,
  answers: {
    200: z
      .object({ advisers: z.array(z.object({ id: z.number().int(), name: z.string() })) })
      .describe('The advisers, by number and the name visitors see; empty when none is free then.'),
    404: leadNotFound,
  },
});

export const reassignCall = endpoint({
  method: 'POST',
  path: `${bookingLead.detail.path}/reassign`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Give a call to another adviser free at its time: each diary follows, the visitor is told',
  params: callParams,
  body: z.object({ adviser: z.number({ error: 'adviser must be an adviser’s number' }).int().positive() }),
  answers: {
    200: formAnswerSchema.describe(`"${callChangeMessages.reassigned}"`),
    404: leadNotFound,
    409: refusal.describe(
      'The adviser was taken meanwhile, or the call is cancelled, past or was just changed.',
    ),
    422: refusal.describe(`"${callChangeMessages.notFree}", or the adviser already has it.`),
  },
});

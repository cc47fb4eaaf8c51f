import { backOfficeApi, backOfficeMessages } from '../back-office.ts';
import { availabilitySettingsSchema, storedAvailabilitySettingsSchema } from '../booking-settings.ts';
import { isTypedText } from '../form-fields.ts';

/** A reason is one line of typed text: it is shown in a list, and a line break would only split it. */
const isOneLine = (text: string) => !/[\r\n]/.test(text);

import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';
import { idParams } from './id-params.ts';

// The booking calendar's availability as staff edit it: working hours (a weekday without any is closed),
// call length, notice, the time zone, and dates blocked one by one. The public calendar reads them on
// every request.

export const blockedDateSchema = z.object({
  /** YYYY-MM-DD. */
  date: z.string(),
  reason: z.string().nullable(),
  hours: z
    .object({ id: z.number(), from: z.string(), to: z.string() })
    .nullable()
    .describe('Null for the whole day; else the part of it blocked (HH:MM on the calendar’s clocks).'),
});
export type BlockedDate = z.infer<typeof blockedDateSchema>;

const blockedDateList = z
  .array(blockedDateSchema)
  .describe('The blocked dates and parts of days from today on, soonest first.');
const blockedDates = z.object({ blockedDates: blockedDateList });

/** A time of day on the calendar's clocks, as 09:00. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const readAvailability = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/availability`,
  access: 'availability',
  tag: 'Back office',
  summary: 'The calendar’s availability settings and the blocked dates from today on',
  answers: {
    200: z
      .object({ settings: storedAvailabilitySettingsSchema, blockedDates: blockedDateList })
      .describe('The settings as saved, and the blocked dates from today on.'),
  },
});

export const saveAvailability = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/availability`,
  access: 'availability',
  tag: 'Back office',
  summary: 'Replace the availability settings; the calendar offers the new times at once',
  body: availabilitySettingsSchema,
  answers: {
    200: formAnswerSchema.describe('Saved.'),
    422: refusal.describe(
      'A setting is wrong: one message per problem, naming the setting in words, or the day and the period ' +
        '("Wednesday, first period: use a time like 09:00 for its start"). The time zone must be one of ' +
        'those the server’s runtime lists, under any of its names.',
    ),
  },
});

export const blockDate = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/blocked-dates`,
  access: 'availability',
  tag: 'Back office',
  summary:
    'Block a date, or every date up to `until`, or the same part of each, so that no call can be booked in them',
  body: z
    .object({
      date: z.iso.date(),
      until: z.iso.date().optional().describe('The last date to block, for a range (YYYY-MM-DD).'),
      from: clockTime.optional().describe('For part of a day: when it starts (HH:MM), with `to`.'),
      to: clockTime.optional().describe('For part of a day: when it ends (HH:MM), after `from`.'),
      reason: z.string().trim().max(200).refine(isTypedText).refine(isOneLine).optional(),
    })
    .strict()
    .refine((body) => (body.from === undefined) === (body.to === undefined), {
      path: ['to'],
      message: backOfficeMessages.blockedHours,
    })
    .refine((body) => body.from === undefined || body.to === undefined || body.from < body.to, {
      path: ['to'],
      message: backOfficeMessages.blockedHours,
    }),
  answers: {
    201: blockedDates.describe('Blocked: the blocked dates from today on, soonest first.'),
    422: refusal.describe(
      `Not a date as YYYY-MM-DD, or a reason over 200 characters, with control characters or line breaks: ` +
        `"${backOfficeMessages.blockedDate}"; or a date before today in the firm’s time zone: ` +
        `"${backOfficeMessages.blockedDatePast}"; or \`until\` before \`date\` or over a year after it: ` +
        `"${backOfficeMessages.blockedRange}"; or \`from\` and \`to\` not both times as HH:MM with \`from\` first: ` +
        `"${backOfficeMessages.blockedHours}".`,
    ),
  },
});

export const unblockDate = endpoint({
  method: 'DELETE',
  path: `${backOfficeApi}/blocked-dates/:date`,
  access: 'availability',
  tag: 'Back office',
  summary: 'Open a blocked date again (a date that was not blocked changes nothing)',
  params: z.object({ date: z.iso.date().describe('YYYY-MM-DD') }),
  answers: {
    200: blockedDates.describe('Open again: the blocked dates from today on, soonest first.'),
    422: refusal.describe(`Not a date as YYYY-MM-DD: "${backOfficeMessages.blockedDate}".`),
  },
});

export const unblockTime = endpoint({
  method: 'DELETE',
  path: `${backOfficeApi}/blocked-times/:id`,
  access: 'availability',
  tag: 'Back office',
  summary: 'Open a blocked part of a day again',
  params: idParams('blocked part of a day', backOfficeMessages.noSuchBlockedTime),
  answers: {
    200: blockedDates.describe(
      'Open again: the blocked dates and parts of days from today on, soonest first.',
    ),
    404: refusal.describe(`"${backOfficeMessages.noSuchBlockedTime}"`),
  },
});

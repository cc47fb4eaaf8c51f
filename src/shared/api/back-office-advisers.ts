import { adviserMessages } from '../adviser-messages.ts';
import { adviserOverridesSchema } from '../advisers.ts';
import { backOfficeApi } from '../back-office.ts';
import { overlapsOn, storedAvailabilitySettingsSchema } from '../booking-settings.ts';
import { weekdayNames } from '../calendar.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';

// The firm's advisers, whom the booking calendar offers: who they are to visitors, their own hours, call
// length and buffer (else the firm's), their blocked dates, and the calendar their busy times are read
// from. Owners only. A calendar's address, user name and password go in and never come back out: staff
// are shown its kind and host.

const firmShape = storedAvailabilitySettingsSchema.shape;

const calendarSchema = z.object({
  kind: z.enum(['caldav', 'ics']),
  host: z.string().describe('The calendar server’s host name; never its path or credentials.'),
  connectedAt: z.string(),
  lastReadAt: z.string().nullable().describe('When it was last read successfully; null if never.'),
  lastAttemptAt: z.string().nullable(),
  lastError: z
    .string()
    .nullable()
    .describe(
      'Why the last read failed, in words; after a success, what it could not follow (a repeating event counted busy throughout), else null.',
    ),
  stale: z
    .boolean()
    .describe('Not read successfully within CALENDAR_STALE_MINUTES: this adviser’s times are not offered.'),
});

export const adviserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  introduction: z.string(),
  active: z.boolean(),
  accountDisabled: z
    .boolean()
    .describe('Their staff account is disabled: they are not offered for calls, whatever `active` says.'),
  overrides: adviserOverridesSchema.describe('Their own settings; any left out are the firm’s.'),
  blockedDates: z.array(z.object({ date: z.string(), reason: z.string().nullable() })),
  calendar: calendarSchema.nullable(),
  diaryWrites: z
    .object({
      waiting: z.number().int().describe('Calls still being written into (or taken out of) their calendar.'),
      failed: z.number().int().describe('Calls not yet over that could not be written: given up.'),
      lastError: z.string().nullable().describe('Why the latest of those failed, in words.'),
    })
    .describe('What has not reached their CalDAV calendar yet; both 0 when everything has.'),
});
export type AdviserSummary = z.infer<typeof adviserSchema>;

const idParams = z.object({ id: z.string().regex(/^\d+$/).describe('The adviser’s id') });

const oneLine = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .refine((text) => !/[\r\n\p{Cc}]/u.test(text), { error: message });

const detailsSchema = z
  .object({
    displayName: oneLine(80, adviserMessages.displayName).refine((name) => name !== '', {
      error: adviserMessages.displayName,
    }),
    introduction: oneLine(200, adviserMessages.introduction).default(''),
  })
  .strict();

const changed = formAnswerSchema.describe('Done: infoMessages says what changed.');
const noSuchAdviser = refusal.describe(`"${adviserMessages.noSuchAdviser}"`);

export const listAdvisers = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/advisers`,
  access: 'owner',
  tag: 'Back office',
  summary: 'The advisers, their settings and their calendars’ state, and the staff who may be added',
  answers: {
    200: z.object({
      advisers: z.array(adviserSchema),
      staffWhoMayBeAdded: z
        .array(z.string())
        .describe('Active accounts that are not advisers yet, by email.'),
      firm: z
        .object({
          workingHours: firmShape.workingHours,
          callMinutes: firmShape.callMinutes,
          bufferMinutes: firmShape.bufferMinutes,
        })
        .describe('The firm’s settings, which an adviser without their own has.'),
      staleMinutes: z.number().int().describe('CALENDAR_STALE_MINUTES.'),
    }),
  },
});

export const addAdviser = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/advisers`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Make a member of staff an adviser, offered for calls at once',
  body: detailsSchema.extend({ email: z.string().trim().max(254) }),
  answers: {
    201: formAnswerSchema.describe(`Added: "${adviserMessages.added}"`),
    404: refusal.describe('No member of staff has that address.'),
    409: refusal.describe('Their account is disabled, or they are already an adviser.'),
    422: refusal.describe(`"${adviserMessages.displayName}" or "${adviserMessages.introduction}"`),
  },
});

export const editAdviser = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/advisers/:id`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Change the name and introduction visitors see',
  params: idParams,
  body: detailsSchema,
  answers: {
    200: changed,
    404: noSuchAdviser,
    422: refusal.describe(`"${adviserMessages.displayName}" or "${adviserMessages.introduction}"`),
  },
});

/** Their own settings, each left out for the firm's; no day's periods may overlap, as for the firm's. */
export const adviserHoursSchema = adviserOverridesSchema.superRefine((overrides, context) => {
  if (!overrides.workingHours) return;
  for (const day of weekdayNames) {
    for (const message of overlapsOn(day, overrides.workingHours[day])) {
      context.addIssue({ code: 'custom', message, path: [] });
    }
  }
});

export const setAdviserHours = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/advisers/:id/hours`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Set their own working hours, call length and buffer; any left out are the firm’s',
  params: idParams,
  body: adviserHoursSchema,
  answers: {
    200: changed,
    404: noSuchAdviser,
    422: refusal.describe(
      'A setting is wrong: one message per problem, naming the setting, or the day and the period, in words.',
    ),
  },
});

export const setAdviserActive = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/advisers/:id/active`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Offer an adviser for calls, or stop (their booked calls stay theirs)',
  params: idParams,
  body: z.object({ active: z.boolean() }).strict(),
  answers: { 200: changed, 404: noSuchAdviser },
});

export const blockAdviserDate = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/advisers/:id/blocked-dates`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Block a date for one adviser',
  params: idParams,
  body: z
    .object({
      date: z.iso.date({ error: adviserMessages.blockedDate }),
      reason: oneLine(200, adviserMessages.blockedDate).optional(),
    })
    .strict(),
  answers: {
    201: changed,
    404: noSuchAdviser,
    422: refusal.describe(`"${adviserMessages.blockedDate}" or "${adviserMessages.blockedDatePast}"`),
  },
});

export const unblockAdviserDate = endpoint({
  method: 'DELETE',
  path: `${backOfficeApi}/advisers/:id/blocked-dates/:date`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Open one adviser’s blocked date again (one not blocked changes nothing)',
  params: idParams.extend({ date: z.iso.date().describe('YYYY-MM-DD') }),
  answers: { 200: changed, 404: noSuchAdviser },
});

const url = z
  .string({ error: adviserMessages.calendarUrl })
  .trim()
  .max(2000, { error: adviserMessages.calendarUrl });
export const calendarSourceSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('caldav'),
      url,
      username: z.string({ error: adviserMessages.calendarUsername }).max(500),
      password: z.string({ error: adviserMessages.calendarPassword }).max(500),
    })
    .strict(),
  z.object({ kind: z.literal('ics'), url }).strict(),
]);

export const connectAdviserCalendar = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/advisers/:id/calendar`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Connect (or replace) the calendar an adviser’s busy times are read from',
  params: idParams,
  body: calendarSourceSchema,
  answers: {
    200: changed,
    404: noSuchAdviser,
    409: refusal.describe(`CALENDAR_SECRET_KEY is not set: "${adviserMessages.noSecretKey}"`),
    422: refusal.describe(
      'The source cannot be used, in words naming what to change: ' +
        [
          adviserMessages.calendarAddress,
          adviserMessages.calendarUrl,
          adviserMessages.calendarCredentialsInAddress,
          adviserMessages.calendarUsername,
          adviserMessages.calendarPassword,
        ]
          .map((words) => `"${words}"`)
          .join(', '),
    ),
  },
});

export const disconnectAdviserCalendar = endpoint({
  method: 'DELETE',
  path: `${backOfficeApi}/advisers/:id/calendar`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Disconnect an adviser’s calendar and forget the busy times read from it',
  params: idParams,
  answers: { 200: changed, 404: noSuchAdviser, 409: refusal.describe(`"${adviserMessages.noCalendar}"`) },
});

export const readAdviserCalendarNow = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/advisers/:id/calendar/read-now`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Read an adviser’s calendar now rather than when it is next due; the list shows the outcome',
  params: idParams,
  answers: { 200: changed, 404: noSuchAdviser, 409: refusal.describe(`"${adviserMessages.noCalendar}"`) },
});

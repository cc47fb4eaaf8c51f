import { backOfficeMessages, leadStages } from '../back-office.ts';
import { z } from '../zod.ts';
import { endpoint, refusal } from './endpoint.ts';
import { backOfficeTag, leadList, leadListQuerySchema } from './lead-lists.ts';
import { leadNotFound, leadPersonSchema, stagedLead, timelineEntrySchema } from './staged-leads.ts';

// The agenda of calls, as the back office lists, opens and cancels them.

export const bookingStatuses = ['confirmed', 'cancelled'] as const;
/** A call's status in the words the back office shows (its lists, its lead pages, the CSV). */
export const bookingStatusLabels: Record<(typeof bookingStatuses)[number], string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
};

/** Upcoming calls run soonest first, past ones latest first; the order is theirs, not the caller's. */
export const bookingListQuerySchema = leadListQuerySchema.omit({ order: true }).extend({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  status: z.enum(bookingStatuses).optional(),
});
export type BookingListQuery = z.output<typeof bookingListQuerySchema>;

export const bookingRowSchema = z.object({
  reference: z.string(),
  email: z.string(),
  startsAt: z.string(),
  localDate: z.string().describe('The day in the firm’s time zone (YYYY-MM-DD): the agenda groups by it.'),
  localTime: z.string().describe('The time in the firm’s time zone, as the visitor chose it.'),
  status: z.enum(bookingStatuses),
  stage: z.enum(leadStages),
  createdAt: z.string(),
  adviser: z
    .string()
    .nullable()
    .describe(
      'The name of the adviser who takes the call; null for calls booked before the firm had advisers.',
    ),
});
export type BookingRow = z.infer<typeof bookingRowSchema>;

/** A call booked from a questionnaire, as the questionnaire's detail lists it. */
export const bookedCallSchema = bookingRowSchema.pick({ reference: true, startsAt: true, status: true });
export type BookedCall = z.infer<typeof bookedCallSchema>;

/** What a call's detail shows of the questionnaire it was booked from. */
export const applicationSummarySchema = z.object({
  reference: z.string(),
  name: z.string(),
  businessName: z.string(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

export const bookingDetailSchema = bookingRowSchema.extend({
  endsAt: z.string(),
  meetingUrl: z.string().nullable().describe('The video call’s link, once the meeting service made one.'),
  cancelledAt: z.string().nullable(),
  application: applicationSummarySchema
    .nullable()
    .describe('The questionnaire the call was booked from, if any.'),
  timeline: z.array(timelineEntrySchema),
  personId: leadPersonSchema,
  diary: z
    .object({
      action: z.enum(['add', 'remove']).describe('Putting the call in, or (once cancelled) taking it out.'),
      status: z.enum(['written', 'waiting', 'failed']).describe('Done, still being retried, or given up.'),
      error: z.string().nullable().describe('Why the last try failed, in words; null once written.'),
    })
    .nullable()
    .describe(
      'Whether the call is in its adviser’s CalDAV calendar; null when it was never to be written there.',
    ),
});
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

export const bookingList = leadList({
  name: 'bookings',
  title: 'Calls',
  query: bookingListQuerySchema,
  row: bookingRowSchema,
  description:
    '`when=upcoming` (the default) lists calls still to come, soonest first; `when=past` the rest, latest first.',
});

const staged = stagedLead({
  name: 'bookings',
  kind: 'booking',
  noun: 'call',
  detail: bookingDetailSchema,
});

export const bookingLead = {
  ...staged,
  /** Cancels the call for the firm: the visitor is emailed and the slot frees up. */
  cancel: endpoint({
    method: 'POST',
    path: `${staged.detail.path}/cancel`,
    access: 'staff',
    tag: backOfficeTag,
    summary: 'Cancel a call for the firm: the visitor is emailed, and the time is offered again',
    params: staged.detail.params,
    answers: {
      200: bookingDetailSchema.describe('The call, cancelled, the cancellation on its timeline.'),
      404: leadNotFound,
      409: refusal.describe(`"${backOfficeMessages.alreadyCancelled}"`),
    },
  }),
};

import { leadStages } from '../back-office.ts';
import { z } from '../zod.ts';
import { bookedCallSchema } from './back-office-bookings.ts';
import { leadList, leadListQuerySchema } from './lead-lists.ts';
import { leadPersonSchema, stagedLead, timelineEntrySchema } from './staged-leads.ts';

// Application questionnaires, as the back office lists and opens them.

export const applicationRowSchema = z.object({
  reference: z.string(),
  name: z.string(),
  businessName: z.string(),
  email: z.string(),
  stage: z.enum(leadStages),
  createdAt: z.string(),
});
export type ApplicationRow = z.infer<typeof applicationRowSchema>;

export const applicationDetailSchema = applicationRowSchema.extend({
  answers: z
    .record(z.string(), z.unknown())
    .describe('Every answer as sent, by question: counts are numbers, the rest text. Empty once erased.'),
  bookings: z.array(bookedCallSchema).describe('The calls booked from this questionnaire, soonest first.'),
  timeline: z.array(timelineEntrySchema),
  personId: leadPersonSchema,
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const applicationList = leadList({
  name: 'applications',
  title: 'Applications',
  query: leadListQuerySchema,
  row: applicationRowSchema,
});

export const applicationLead = stagedLead({
  name: 'applications',
  kind: 'application',
  noun: 'application',
  detail: applicationDetailSchema,
});

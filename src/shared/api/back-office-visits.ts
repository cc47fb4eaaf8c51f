import { backOfficeApi } from '../back-office.ts';
import { z } from '../zod.ts';
import { endpoint } from './endpoint.ts';
import { backOfficeTag } from './lead-lists.ts';

// The count in the back office's navigation: leads that arrived since the member's last visit.

export const newSinceLastVisit = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/new-since-last-visit`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'How many leads arrived since your last visit to the back office',
  description:
    'Counts enquiries, quote requests, applications and calls received since the previous visit of the signed-in member of staff ended. A visit is the back office opened in one session, until it goes unused for 30 minutes; reloading during a visit keeps its count, and the next visit counts from where this one ends.',
  answers: {
    200: z
      .object({
        count: z.number().int().describe('Leads of every kind received since then.'),
        since: z
          .string()
          .nullable()
          .describe('When the previous visit ended; null before a first visit has begun.'),
      })
      .describe('The count.'),
  },
});
export type NewSinceLastVisit = z.infer<(typeof newSinceLastVisit.answers)[200]>;

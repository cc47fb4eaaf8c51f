import { alertKinds } from '../alerts.ts';
import { backOfficeApi } from '../back-office.ts';
import { z } from '../zod.ts';
import { endpoint } from './endpoint.ts';
import { backOfficeTag } from './lead-lists.ts';

// The banner an owner sees while something is wrong with the site (shared/alerts.ts).

export const siteAlerts = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/alerts`,
  access: 'owner',
  tag: backOfficeTag,
  summary: 'What is wrong with the site now: mail failing, a failed backup, a calendar unread, a full disk',
  description:
    'Each lasts until the site finds it put right (it looks every five minutes). Every owner is also emailed about each kind, at most once a day.',
  answers: {
    200: z.object({
      alerts: z.array(
        z.object({
          kind: z.enum(alertKinds),
          title: z.string().describe('What is wrong, in a few words.'),
          detail: z.string().describe('What the site found, without anyone’s personal data.'),
          whatToDo: z.string(),
          since: z.string().describe('When it was first found (ISO 8601).'),
        }),
      ),
    }),
  },
});
export type SiteAlerts = z.infer<(typeof siteAlerts.answers)[200]>;

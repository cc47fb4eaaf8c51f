import { accountPaths } from '../accounts.ts';
import { backOfficeApi, staffRoles } from '../back-office.ts';
import { z } from '../zod.ts';
import { endpoint, htmlPage } from './endpoint.ts';
import { backOfficeTag } from './lead-lists.ts';

// The back office's own page, who is using it, and its overview of the leads.

/** One line of the overview: how many leads a list holds, when the newest arrived (or the next call starts). */
export const leadCountSchema = z.object({
  label: z.string(),
  path: z
    .string()
    .describe('The back office screen that lists them, with its filters ("subscribers?status=confirmed").'),
  total: z.number().int(),
  newest: z.string().nullable(),
  next: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Upcoming calls only: when the soonest starts, which the overview shows instead of the newest.',
    ),
});
export type LeadCount = z.infer<typeof leadCountSchema>;

export const signedInSchema = z.object({
  email: z.string(),
  name: z.string().nullable().describe('Null until they give one.'),
  kind: z
    .enum(['browser', 'remembered'])
    .describe('`remembered` if they ticked “Keep me signed in” (30 days).'),
  since: z.string(),
  lastSeen: z.string(),
});

export const backOfficeSummary = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/summary`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'How many leads of each kind, the newest, and who is signed in now (the Staff screen shows them)',
  answers: {
    200: z
      .object({
        leads: z.array(leadCountSchema).describe('Upcoming calls first.'),
        signedIn: z.array(signedInSchema).describe('Staff signed in now, most recently active first.'),
      })
      .describe('The overview.'),
  },
});
export type BackOfficeSummary = z.infer<(typeof backOfficeSummary.answers)[200]>;

export const backOfficeMe = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/me`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Who is signed in',
  answers: {
    200: z
      .object({
        email: z.string(),
        name: z.string().nullable().describe('Null until they give one.'),
        taskDigest: z.boolean().describe('Whether they get the morning email of their tasks due.'),
        role: z.enum(staffRoles).describe('An owner may do everything; staff, only the leads.'),
        managesAvailability: z
          .boolean()
          .describe('An owner, or a member of staff an owner lets keep the calendar’s availability.'),
      })
      .describe('The signed-in member of staff.'),
  },
});

const signedOut = { contentType: 'redirect', description: 'Not signed in: a 303 to /login.' } as const;

/** The back office's page: its screens run in the browser, so every path under it is the same page. */
export const backOfficePage = endpoint({
  method: 'GET',
  path: accountPaths.backOffice,
  access: 'staff-page',
  tag: 'Pages',
  summary: 'The back office',
  answers: { 200: htmlPage('The back office, opening on its overview.'), 303: signedOut },
});

export const backOfficeScreen = endpoint({
  method: 'GET',
  path: `${accountPaths.backOffice}/*`,
  access: 'staff-page',
  tag: 'Pages',
  summary: 'A screen of the back office (a list, a lead, a settings screen)',
  answers: {
    200: htmlPage('The back office, opening on the screen its path names, so links and reloads work.'),
    303: signedOut,
  },
});

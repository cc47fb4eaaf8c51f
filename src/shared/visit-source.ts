import { z } from './zod.ts';

// Where a visitor came from (decision 028, docs/behaviour/back-office.md#reports): a script on the public
// pages keeps the visit's first page and the page that linked to it in session storage (no cookie, no
// third party), and each lead form sends them as two optional fields. The server keeps only what it needs
// of them (leads/sources.ts).

/** The UTM parameters kept from the first page's address; any other query parameter is never kept. */
export const utmParameters = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

export const visitSourceLimits = { landingPage: 1000, referrer: 1000 } as const;

/** The two optional fields each lead form may send. */
export const visitSourceFields = {
  landingPage: z
    .string({ error: 'landingPage must be text' })
    .max(visitSourceLimits.landingPage, { error: 'landingPage is too long' })
    .optional()
    .describe('The path and UTM parameters of the first page of the visit ("/services?utm_source=…").'),
  referrer: z
    .string({ error: 'referrer must be text' })
    .max(visitSourceLimits.referrer, { error: 'referrer is too long' })
    .optional()
    .describe('The address of the page on another site that linked to that first page, if any.'),
};

export interface VisitSource {
  landingPage?: string;
  referrer?: string;
}

import { visitSourceLimits } from './visit-source.ts';
import { z } from './zod.ts';

/** The two optional fields each lead form may send (visit-source.ts). */
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

import { backOfficeApi } from '../back-office.ts';
import { firmDetailsSchema, storedFirmDetailsSchema } from '../firm-details.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';

// The firm's details as an owner edits them on the Firm details screen: every page, email and
// structured-data block shows them (docs/decisions/022-the-firm-is-data.md).

export const firmMessages = {
  saved: 'Saved. Every page and email shows the new details now, on every instance within seconds.',
  savedElsewhere:
    'Someone else saved the firm’s details while you were editing. The form now shows theirs with your changes on top: check it and save again.',
  /** A save that does not hold the whole form (no details, a part of them missing, or no version). */
  incomplete: 'The firm’s details did not all arrive: reload the page, then fill in the form and save again.',
} as const;

export const readFirmDetails = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/firm`,
  access: 'owner',
  tag: 'Back office',
  summary: 'The firm’s details as the site shows them, and the version a save must start from',
  answers: {
    200: z
      .object({
        details: storedFirmDetailsSchema
          .nullable()
          .describe('Null on a site whose firm has not been set up.'),
        version: z.number().int().nullable().describe('Null before the first save.'),
      })
      .describe('The details as saved.'),
  },
});

export const saveFirmDetails = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/firm`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Replace the firm’s details; every page and email shows them at once',
  body: z.object({
    details: firmDetailsSchema,
    basedOn: z
      .number()
      .int()
      .nullable()
      .describe('The version the editor read (null before the first save).'),
  }),
  answers: {
    200: formAnswerSchema.describe(`Saved: "${firmMessages.saved}"`),
    409: refusal.describe(`Saved by someone else since the version read: "${firmMessages.savedElsewhere}"`),
    422: refusal.describe(
      'A field is wrong: one message per problem, each starting with the field’s label ("VAT number: …").',
    ),
  },
});

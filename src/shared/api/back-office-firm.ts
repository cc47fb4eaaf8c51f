import { backOfficeApi } from '../back-office.ts';
import { firmDetailsSchema, storedFirmDetailsSchema } from '../firm-details.ts';
import {
  badgeAltMaxLength,
  badgeMessages,
  heroAltMaxLength,
  heroMessages,
  logoMessages,
  logoTypes,
  maxBadges,
} from '../firm-pictures.ts';
import { isTypedText } from '../form-fields.ts';
import { photoTypes } from '../photos.ts';
import { questionnaireIncomplete, questionnaireSchema } from '../questionnaire-schema.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';

// The firm's details as an owner edits them on the Firm details screen: every page, email and
// structured-data block shows them (docs/decisions/022-the-firm-is-data.md).

export const firmMessages = {
  saved: 'Saved. Every page and email shows the new details now.',
  savedElsewhere:
    'Someone else saved the firm’s details while you were editing. The form now shows theirs with your changes on top: check it and save again.',
  nothingOfTheDemo: 'Nothing of the demo firm is left to remove.',
  demoCleared:
    'Removed the demo firm’s logo, figures, team and reviews. Add your own people and reviews on the Pages screen.',
  questionnaireSaved: 'Saved. The questionnaire on the site asks these questions now.',
  /** A save of the questionnaire without the whole of it, or without the version read. */
  questionnaireIncomplete: questionnaireIncomplete,
  /** A save that does not hold the whole form (no details, a part of them missing, or no version). */
  incomplete: 'The firm’s details did not all arrive: reload the page, then fill in the form and save again.',
} as const;

/** What of the demo firm a site may still show after its details are the firm's own. */
export const demoLeftoverKinds = ['logo', 'facts', 'team', 'reviews'] as const;
export type DemoLeftover = (typeof demoLeftoverKinds)[number];

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
        logo: z.string().nullable().describe('The logo’s address on the site; null when there is none.'),
        logoShape: z.number().describe('The logo’s width over its height; 1 without a logo.'),
        homePicture: z
          .object({ src: z.string(), alt: z.string(), width: z.number(), height: z.number() })
          .nullable()
          .describe(
            'The home page’s picture as a page shows it (its largest size); null when there is none.',
          ),
        badges: z
          .array(
            z.object({
              key: z.string(),
              src: z.string(),
              alt: z.string(),
              width: z.number(),
              height: z.number(),
            }),
          )
          .describe('The badges of the firm’s accreditations, as the home page shows them.'),
        demoLeftovers: z
          .array(z.enum(demoLeftoverKinds))
          .describe('What the site still shows of the demo firm (its seed’s logo, figures, team, reviews).'),
      })
      .describe('The details as saved.'),
  },
});

export const uploadFirmLogo = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/firm/logo`,
  access: 'owner',
  tag: 'Back office',
  summary:
    'Upload the firm’s logo (an SVG, made safe, or a PNG, up to 1 MB); the icons and sharing picture follow',
  body: z
    .object({
      contentType: z.enum(logoTypes, { error: logoMessages.type }),
      data: z.base64({ error: logoMessages.unreadable }).describe('The file’s bytes, base64.'),
    })
    .strict(),
  answers: {
    200: formAnswerSchema.describe(`Saved: "${logoMessages.saved}"`),
    409: refusal.describe(`No firm details saved yet: "${logoMessages.noDetails}"`),
    413: refusal.describe(`"${logoMessages.size}"`),
    422: refusal.describe(
      'Not a logo that can be taken, each message starting "Logo:": not an SVG or PNG, unreadable, too small, empty (nothing in it would be seen), or an SVG holding a script, event handlers, a foreignObject, references to other files, entities of its own, or too much to draw quickly.',
    ),
  },
});

export const removeFirmLogo = endpoint({
  method: 'DELETE',
  path: `${backOfficeApi}/firm/logo`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Remove the firm’s logo: the pages show its name alone, the icons a plain mark in its colours',
  answers: { 200: formAnswerSchema.describe(`Removed: "${logoMessages.removed}"`) },
});

export const uploadHomePicture = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/firm/home-picture`,
  access: 'owner',
  tag: 'Back office',
  summary:
    'Upload the home page’s picture (a JPEG, PNG or WebP photo up to 8 MB, at least 960 pixels wide), in place of the drawing',
  body: z
    .object({
      contentType: z.enum(photoTypes, { error: heroMessages.type }),
      data: z.base64({ error: heroMessages.unreadable }).describe('The file’s bytes, base64.'),
      alt: z
        .string({ error: heroMessages.alt })
        .trim()
        .max(heroAltMaxLength, { error: heroMessages.alt })
        .refine((text) => isTypedText(text) && !/[\r\n]/.test(text), { error: heroMessages.alt })
        .describe('What the picture shows, for those who cannot see it; empty if it only decorates.'),
    })
    .strict(),
  answers: {
    200: formAnswerSchema.describe(`Saved: "${heroMessages.saved}"`),
    409: refusal.describe(`No firm details saved yet: "${heroMessages.noDetails}"`),
    413: refusal.describe(`"${heroMessages.size}" or "${heroMessages.pixels}"`),
    422: refusal.describe(
      'Not a picture that can be taken, each message naming the field: not a JPEG, PNG or WebP, unreadable, not the type it claims, narrower than 960 pixels, or a description that is too long.',
    ),
  },
});

export const removeHomePicture = endpoint({
  method: 'DELETE',
  path: `${backOfficeApi}/firm/home-picture`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Remove the home page’s picture: the page shows the drawing in the firm’s colours again',
  answers: { 200: formAnswerSchema.describe(`Removed: "${heroMessages.removed}"`) },
});

export const addFirmBadge = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/firm/badges`,
  access: 'owner',
  tag: 'Back office',
  summary: `Add a badge of an accreditation (an SVG, made safe, or a PNG, up to 1 MB; at most ${maxBadges})`,
  body: z
    .object({
      contentType: z.enum(logoTypes, { error: badgeMessages.type }),
      data: z.base64({ error: badgeMessages.unreadable }).describe('The file’s bytes, base64.'),
      alt: z
        .string({ error: badgeMessages.alt })
        .trim()
        .min(1, { error: badgeMessages.alt })
        .max(badgeAltMaxLength, { error: badgeMessages.alt })
        .refine((text) => isTypedText(text) && !/[\r\n]/.test(text), { error: badgeMessages.alt })
        .describe('What the badge says, for those who cannot see it.'),
    })
    .strict(),
  answers: {
    200: formAnswerSchema.describe(`Added: "${badgeMessages.saved}"`),
    409: refusal.describe(
      `"${badgeMessages.noDetails}", "${badgeMessages.tooMany}" or "${badgeMessages.duplicate}"`,
    ),
    413: refusal.describe(`"${badgeMessages.size}"`),
    422: refusal.describe('Not a badge that can be taken, each message starting "Badge:", as a logo’s do.'),
  },
});

export const removeFirmBadge = endpoint({
  method: 'DELETE',
  path: `${backOfficeApi}/firm/badges/:key`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Remove a badge',
  params: z.object({
    key: z
      .string()
      .regex(/^[0-9a-f]{16}$/, { error: badgeMessages.unknown })
      .describe('The badge’s key, as read.'),
  }),
  answers: {
    200: formAnswerSchema.describe(`Removed: "${badgeMessages.removed}"`),
    404: refusal.describe(`No badge of that key: "${badgeMessages.unknown}"`),
    422: refusal.describe(`A key that names no badge: "${badgeMessages.unknown}"`),
  },
});

export const clearDemoContent = endpoint({
  method: 'DELETE',
  path: `${backOfficeApi}/firm/demo-content`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Remove what the site still shows of the demo firm: its logo, figures, team and reviews',
  answers: {
    200: formAnswerSchema.describe(
      `Removed: "${firmMessages.demoCleared}", or "${firmMessages.nothingOfTheDemo}"`,
    ),
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

export const saveQuestionnaire = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/firm/questionnaire`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Change the application questionnaire’s words, and the firm’s own questions',
  description:
    'The SPEC’s questions keep their field names and the payload; their words and help texts are the firm’s, and up to 10 questions of its own (short or long text, a choice, a number) are answered in `ownAnswers`.',
  body: z.strictObject(
    {
      questionnaire: questionnaireSchema,
      basedOn: z
        .number({ error: firmMessages.questionnaireIncomplete })
        .int({ error: firmMessages.questionnaireIncomplete })
        .describe('The version of the firm’s details the editor read.'),
    },
    { error: firmMessages.questionnaireIncomplete },
  ),
  answers: {
    200: formAnswerSchema.describe(`Saved: "${firmMessages.questionnaireSaved}"`),
    409: refusal.describe(`Saved by someone else since the version read: "${firmMessages.savedElsewhere}"`),
    422: refusal.describe('A question is wrong: one message per problem ("Question: enter some text.").'),
  },
});

// The rules the questionnaire's answers must meet, on the page when sent and on the server
// (docs/behaviour/applications.md#application-questionnaire); the questions they check are in
// application.ts. Apart from it, as they come with the schema library, which the page loads only once
// the visitor reaches the form.
import { type ApplicationAnswers, applicationQuestions } from './application.ts';
import { recTokenField } from './bot-check-schemas.ts';
import { fieldsShape } from './form-fields.ts';
import type { VisitSource } from './visit-source.ts';
import { visitSourceFields } from './visit-source-schema.ts';
import { z } from './zod.ts';

/**
 * The questionnaire as the page sends it: every question, submitMethod '2', the bot-check token for the
 * action 'application', and, when the firm asks questions of its own, their answers by each question's id
 * (checked against the firm's questions by the server: questionnaire.ts).
 */
export const applicationSchema = z.object({
  ...fieldsShape(applicationQuestions),
  submitMethod: z.literal('2', { error: "submitMethod must be '2'" }),
  recToken: recTokenField,
  ownAnswers: z
    .record(z.string().max(20), z.union([z.string().max(2000), z.number()]))
    .optional()
    .describe('The answers to the firm’s own questions, by question id; absent when it asks none.'),
  ...visitSourceFields,
}) as unknown as z.ZodType<
  ApplicationAnswers & {
    submitMethod: '2';
    recToken: string;
    ownAnswers?: Record<string, string | number>;
  } & VisitSource
>;

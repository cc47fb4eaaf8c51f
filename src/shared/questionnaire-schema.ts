import { type QuestionName, questionNames } from './application.ts';
import { fieldSchema, isTypedText } from './form-fields.ts';
import { type OwnQuestion, ownField, ownQuestionKinds, type Questionnaire } from './questionnaire.ts';
import { z } from './zod.ts';

// The rules the firm's questionnaire (questionnaire.ts) and the answers to its own questions must meet, on
// the back office's screen, on the page when sent and on the server. Apart from it, as they come with the
// schema library, which the page loads only once the visitor reaches the form.

const words = (what: string, max: number, { optional = false } = {}) =>
  z
    .string({ error: `${what}: enter some text.` })
    .trim()
    .max(max, { error: `${what}: up to ${max} characters.` })
    .refine((text) => optional || text.length > 0, { error: `${what}: enter some text.` })
    .refine((text) => isTypedText(text) && !/[\r\n]/.test(text), {
      error: `${what}: one line of ordinary text.`,
    });

export const ownQuestionSchema = z
  .object({
    /** Names the question in the answers sent and stored; kept when its words change. */
    id: z.string().regex(/^q[0-9a-z]{1,12}$/, { error: 'A question lost its name: reload the page.' }),
    kind: z.enum(ownQuestionKinds, { error: 'Kind of answer: choose one.' }),
    label: words('Question', 200),
    hint: words('Help text', 300, { optional: true }),
    required: z.boolean(),
    /** The answers to choose from, for a choice. */
    options: z
      .array(words('Answer to choose', 120))
      .max(12, { error: 'Answers to choose: up to 12.' })
      .default([]),
  })
  .strict()
  .refine((question) => question.kind !== 'choice' || question.options.length >= 2, {
    error: (issue) => `Answers to choose for “${labelOf(issue.input)}”: give at least two.`,
    path: ['options'],
  })
  .refine(
    (question) =>
      new Set(question.options.map((option) => option.toLowerCase())).size === question.options.length,
    {
      error: (issue) => `Answers to choose for “${labelOf(issue.input)}”: give each once.`,
      path: ['options'],
    },
  )
  // Only a choice has answers to choose from. (Refused rather than dropped: a schema the answers are
  // written with too must not rewrite what it checks.)
  .refine((question) => question.kind === 'choice' || question.options.length === 0, {
    error: (issue) => `“${labelOf(issue.input)}” is not a choice: it has no answers to choose from.`,
    path: ['options'],
  });

/** The question a refusal is about, by its words. */
const labelOf = (input: unknown) => (input as { label?: string } | undefined)?.label ?? '';

/** A questionnaire that did not arrive whole (a broken page, a hand-made request). */
export const questionnaireIncomplete =
  'The questionnaire did not all arrive: reload the page, then change it and save again.';

export const questionnaireSchema = z
  .strictObject(
    {
      /** The firm's words for the SPEC's questions, by field name; a question not named keeps the site's. */
      wording: z
        .partialRecord(
          z.enum(questionNames as [QuestionName, ...QuestionName[]]),
          z
            .object({ label: words('Question', 200), hint: words('Help text', 300, { optional: true }) })
            .strict(),
        )
        .default({}),
      own: z.array(ownQuestionSchema).max(10, { error: 'Questions of your own: up to 10.' }).default([]),
    },
    { error: questionnaireIncomplete },
  )
  .refine(
    (questionnaire) => new Set(questionnaire.own.map(({ id }) => id)).size === questionnaire.own.length,
    { error: 'Two questions share a name: reload the page.' },
  ) satisfies z.ZodType<Questionnaire>;

/** The answers to the firm's own questions as they must be sent: by each question's id. */
export function ownAnswersSchema(own: readonly OwnQuestion[]) {
  // An answer to a question no longer asked (the page was opened before it went) is left out.
  return z
    .object(
      Object.fromEntries(
        own.map((question) => {
          const schema = fieldSchema(ownField(question));
          // A question that may be left blank: blank is no answer (a choice or a number has none to give).
          return [
            question.id,
            question.required
              ? schema
              : z.preprocess((value) => (value === '' ? undefined : value), schema.optional()),
          ];
        }),
      ),
    )
    .strip();
}

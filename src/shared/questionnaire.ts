import { applicationSections, type Question, type QuestionName } from './application.ts';
import type { Field } from './form-fields.ts';

// The firm's questionnaire (docs/behaviour/applications.md#the-firms-questionnaire): the SPEC's questions
// keep their field names, kinds and payload, but their words and help texts are the firm's to change; and
// the firm may ask questions of its own, whose answers travel as one more field, `ownAnswers`, are stored
// with the others, and are shown to staff beside them.

export const ownQuestionKinds = ['short', 'long', 'choice', 'number'] as const;
export type OwnQuestionKind = (typeof ownQuestionKinds)[number];

/** A question of the firm's own (checked by questionnaire-schema.ts). */
export interface OwnQuestion {
  /** Names the question in the answers sent and stored; kept when its words change. */
  id: string;
  kind: OwnQuestionKind;
  label: string;
  hint: string;
  required: boolean;
  /** The answers to choose from, for a choice. */
  options: string[];
}

export interface Questionnaire {
  /** The firm's words for the SPEC's questions, by field name; a question not named keeps the site's. */
  wording: Partial<Record<QuestionName, { label: string; hint: string }>>;
  own: OwnQuestion[];
}
export const defaultQuestionnaire: Questionnaire = { wording: {}, own: [] };

/** A SPEC question as the firm words it. */
export function askedQuestion(name: QuestionName, questionnaire: Questionnaire): Question {
  const question = applicationSections
    .flatMap((section) => Object.entries(section.questions))
    .find(([each]) => each === name)?.[1] as Question;
  const wording = questionnaire.wording[name];
  if (!wording) return question;
  const { hint: _, ...rest } = question;
  return { ...rest, label: wording.label, ...(wording.hint && { hint: wording.hint }) };
}

/** One of the firm's own questions as a field of the form (shared/form-fields.ts). */
export function ownField(question: OwnQuestion): Field {
  const base = {
    label: question.required ? question.label : `${question.label} (optional)`,
    ...(question.hint && { hint: question.hint }),
    missing: `Please answer: ${question.label}`,
    short: `The answer to “${question.label}”`,
    optional: !question.required,
  };
  switch (question.kind) {
    case 'short':
      return { ...base, kind: 'line', max: 200 };
    case 'long':
      return { ...base, kind: 'paragraph', max: 2000 };
    case 'choice':
      return { ...base, kind: 'choice', options: question.options };
    case 'number':
      return { ...base, kind: 'count' };
  }
}

/** An answer to a question of the firm's own, as stored: the question as it was asked, and the answer. */
export interface OwnAnswer {
  question: string;
  answer: string;
}

/** The answers as stored with the application, each beside the words it answered. */
export function ownAnswersAsked(own: readonly OwnQuestion[], answers: Record<string, unknown>): OwnAnswer[] {
  return own.map((question) => ({
    question: question.label,
    answer: answers[question.id] === undefined ? '' : String(answers[question.id]),
  }));
}

export const questionnaireMessages = {
  /** The page was opened before the firm changed its questions. */
  changed:
    'The questions have changed since this page was opened. Reload it to see them: what you typed is kept.',
} as const;

/**
 * Whether answers sent from a page were to other questions than the firm asks now: one of its questions
 * missing from them, or a choice answered with an answer it no longer offers. (An answer to a question
 * it no longer asks is simply not kept.)
 */
export function askedOtherQuestions(own: readonly OwnQuestion[], sent: Record<string, unknown>): boolean {
  return own.some((question) => {
    if (!Object.hasOwn(sent, question.id)) return true;
    const answer = sent[question.id];
    return question.kind === 'choice' && answer !== '' && !question.options.includes(String(answer));
  });
}

/** The firm's words for the SPEC questions it reworded, as the visitor read them. */
export function askedWording(questionnaire: Questionnaire): Partial<Record<QuestionName, string>> {
  return Object.fromEntries(
    Object.entries(questionnaire.wording).map(([name, wording]) => [name, wording.label]),
  );
}

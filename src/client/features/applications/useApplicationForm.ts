import { useCallback, useEffect, useState } from 'react';
import { sessionStore } from '#client/lib/storage.ts';
import { type QuestionName, questionNames } from '#shared/application.ts';
import { botCheckActions, botCheckMessages } from '#shared/bot-check.ts';
import { connectionProblem } from '#shared/messages.ts';
import type { OwnQuestion } from '#shared/questionnaire.ts';
import { storageKeys } from '#shared/storage-keys.ts';
import { useBotCheck } from '../bot-check/useBotCheck.ts';

export type AnswerTexts = Record<QuestionName, string>;
/** A problem by the field it is in: a SPEC question's name, or `own-{id}` for one of the firm's own. */
export type FieldErrors = Partial<Record<string, string>>;
/** The control of one of the firm's own questions, by its id. */
export const ownFieldName = (id: string) => `own-${id}`;

/** The stored application the booking modal links the call to. */
export interface StoredApplication {
  reference: string;
  email: string;
}

let sender: Promise<typeof import('./send-application.ts')> | null = null;
/** The rules and the endpoint, fetched once; a failed fetch is tried again at the next send. */
function loadSender() {
  sender ??= import('./send-application.ts').catch((error: unknown) => {
    sender = null;
    throw error;
  });
  return sender;
}

const blankAnswers = Object.fromEntries(questionNames.map((name) => [name, ''])) as AnswerTexts;

/** What the visitor typed before a reload: the site's questions, and the firm's own by their id. */
interface SavedAnswers {
  answers: AnswerTexts;
  own: Record<string, string>;
}

function savedAnswers(): SavedAnswers | null {
  try {
    const saved = JSON.parse(sessionStore.get(storageKeys.applicationAnswers) ?? 'null');
    if (!saved || typeof saved !== 'object') return null;
    // Only the questions asked now, and only text: anything else in storage is ignored.
    const answers = { ...blankAnswers };
    for (const name of questionNames) if (typeof saved[name] === 'string') answers[name] = saved[name];
    const own: Record<string, string> = {};
    const savedOwn = saved.ownAnswers;
    if (savedOwn && typeof savedOwn === 'object')
      for (const [id, text] of Object.entries(savedOwn)) if (typeof text === 'string') own[id] = text;
    return { answers, own };
  } catch {
    return null;
  }
}

/**
 * The questionnaire's state: answers kept in session storage while the visitor fills them in, checked
 * with the server's own rules, then stored (once per set of answers) before the call is booked.
 */
export function useApplicationForm(own: readonly OwnQuestion[]) {
  const [answers, setAnswers] = useState(blankAnswers);
  const [ownAnswers, setOwnAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [stored, setStored] = useState<(StoredApplication & { answersKey: string }) | null>(null);
  const botCheck = useBotCheck(botCheckActions.application);
  /** Called when the visitor first reaches the form: what sending needs starts loading. */
  const prepare = useCallback(() => {
    botCheck.prepare();
    loadSender().catch(() => {});
  }, [botCheck.prepare]);

  // After hydration, so the prerendered page and the first render agree.
  useEffect(() => {
    const saved = savedAnswers();
    if (!saved) return;
    setAnswers(saved.answers);
    setOwnAnswers(saved.own);
  }, []);
  /** Kept in the tab while the visitor fills the form in, so that a reload loses nothing. */
  const keep = (next: AnswerTexts, own: Record<string, string>) =>
    sessionStore.set(storageKeys.applicationAnswers, JSON.stringify({ ...next, ownAnswers: own }));

  const answer = (name: QuestionName, text: string) => {
    const next = { ...answers, [name]: text };
    setAnswers(next);
    keep(next, ownAnswers);
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  const answerOwn = (id: string, text: string) => {
    const next = { ...ownAnswers, [id]: text };
    setOwnAnswers(next);
    keep(answers, next);
    const name = ownFieldName(id);
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  /** Checks and stores the answers; resolves with the stored application, or null when it could not. */
  const submit = async (): Promise<StoredApplication | null> => {
    setProblem(null);
    let send: Awaited<ReturnType<typeof loadSender>>;
    try {
      send = await loadSender();
    } catch {
      setProblem(connectionProblem);
      return null;
    }
    // The token is added last: the answers are checked before any bot-check work is spent on them.
    const parsed = send.applicationSchema.safeParse({ ...answers, submitMethod: '2', recToken: 'pending' });
    const ownParsed = send
      .ownAnswersSchema(own)
      .safeParse(Object.fromEntries(own.map(({ id }) => [id, ownAnswers[id] ?? ''])));
    if (!parsed.success || !ownParsed.success) {
      const byField: FieldErrors = {};
      for (const issue of parsed.error?.issues ?? []) byField[String(issue.path[0])] ??= issue.message;
      for (const issue of ownParsed.error?.issues ?? [])
        byField[ownFieldName(String(issue.path[0]))] ??= issue.message;
      setErrors(byField);
      return null;
    }
    setErrors({});
    // The SPEC's payload, with the answers to the firm's own questions only when it asks some.
    const body = own.length > 0 ? { ...parsed.data, ownAnswers: ownParsed.data } : parsed.data;
    const answersKey = JSON.stringify(body);
    // The same answers again (the visitor closed the calendar and came back): nothing new to store.
    if (stored?.answersKey === answersKey) return stored;
    setSending(true);
    let recToken: string;
    try {
      recToken = await botCheck.take();
    } catch {
      setProblem(botCheckMessages.failed);
      setSending(false);
      return null;
    }
    const outcome = await send.storeApplication({ ...body, recToken });
    setSending(false);
    if ('problem' in outcome) {
      setProblem(outcome.problem);
      return null;
    }
    sessionStore.remove(storageKeys.applicationAnswers);
    const application = { reference: outcome.reference, email: parsed.data.emailAddress, answersKey };
    setStored(application);
    return application;
  };

  return { answers, answer, ownAnswers, answerOwn, errors, problem, sending, submit, botCheck, prepare };
}

import { useCallback, useEffect, useState } from 'react';
import { sessionStore } from '#client/lib/storage.ts';
import { type QuestionName, questionNames } from '#shared/application.ts';
import { botCheckActions, botCheckMessages } from '#shared/bot-check.ts';
import { connectionProblem } from '#shared/messages.ts';
import { storageKeys } from '#shared/storage-keys.ts';
import { useBotCheck } from '../bot-check/useBotCheck.ts';

export type AnswerTexts = Record<QuestionName, string>;
export type FieldErrors = Partial<Record<QuestionName, string>>;

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

function savedAnswers(): AnswerTexts | null {
  try {
    const saved = JSON.parse(sessionStore.get(storageKeys.applicationAnswers) ?? 'null');
    if (!saved || typeof saved !== 'object') return null;
    // Only the questions asked now, and only text: anything else in storage is ignored.
    const answers = { ...blankAnswers };
    for (const name of questionNames) if (typeof saved[name] === 'string') answers[name] = saved[name];
    return answers;
  } catch {
    return null;
  }
}

/**
 * The questionnaire's state: answers kept in session storage while the visitor fills them in, checked
 * with the server's own rules, then stored (once per set of answers) before the call is booked.
 */
export function useApplicationForm() {
  const [answers, setAnswers] = useState(blankAnswers);
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
    if (saved) setAnswers(saved);
  }, []);

  const answer = (name: QuestionName, text: string) => {
    const next = { ...answers, [name]: text };
    setAnswers(next);
    sessionStore.set(storageKeys.applicationAnswers, JSON.stringify(next));
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
    if (!parsed.success) {
      const byField: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as QuestionName;
        byField[name] ??= issue.message;
      }
      setErrors(byField);
      return null;
    }
    setErrors({});
    const answersKey = JSON.stringify(parsed.data);
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
    const outcome = await send.storeApplication({ ...parsed.data, recToken });
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

  return { answers, answer, errors, problem, sending, submit, botCheck, prepare };
}

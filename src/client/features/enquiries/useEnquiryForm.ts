import { type FormEvent, useCallback, useState } from 'react';
import { botCheckActions, botCheckMessages } from '#shared/bot-check.ts';
import { contactFields, type EnquiryKind, quoteFields, yearFields } from '#shared/enquiries.ts';
import { honeypotField } from '#shared/mailing-list.ts';
import { connectionProblem } from '#shared/messages.ts';
import { useBotCheck } from '../bot-check/useBotCheck.ts';

export const enquiryForms = {
  contact: { fields: contactFields, ticks: ['optin', 'accept'] },
  quote: { fields: quoteFields, ticks: [...yearFields, 'optin', 'accept'] },
} as const;

let sender: Promise<typeof import('./send-enquiry.ts')> | null = null;
/** The rules and endpoints, fetched once; a failed fetch is tried again at the next send. */
function loadSender() {
  sender ??= import('./send-enquiry.ts').catch((error: unknown) => {
    sender = null;
    throw error;
  });
  return sender;
}

/**
 * A contact or quote form's state (docs/behaviour/enquiries-and-quotes.md#sending-an-enquiry): checked with the server's own rules, then a bot-check
 * token for its action, then sent; success goes to /contact-received, anything else is said on the page.
 */
export function useEnquiryForm(kind: EnquiryKind) {
  const form = enquiryForms[kind];
  const names = { texts: Object.keys(form.fields), ticks: form.ticks as readonly string[] };
  const [texts, setTexts] = useState(() => Object.fromEntries(names.texts.map((name) => [name, ''])));
  const [ticks, setTicks] = useState(() => Object.fromEntries(names.ticks.map((name) => [name, false])));
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const botCheck = useBotCheck(botCheckActions[kind]);
  /** Called when the visitor first reaches the form: what sending needs starts loading. */
  const prepare = useCallback(() => {
    botCheck.prepare();
    loadSender().catch(() => {});
  }, [botCheck.prepare]);

  const id = (name: string) => `${kind}-${name}`;
  const clearError = (name: string) => {
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };
  const setText = (name: string, value: string) => {
    setTexts((all) => ({ ...all, [name]: value }));
    clearError(name);
  };
  const setTick = (name: string, checked: boolean) => {
    setTicks((all) => ({ ...all, [name]: checked }));
    // Any year ticked answers the years' error, which sits on the first one.
    clearError(yearFields.includes(name as never) ? 'year1' : name);
  };

  const stop = (message: string | null) => {
    setProblem(message);
    setSending(false);
    setAttempt((count) => count + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    let send: Awaited<ReturnType<typeof loadSender>>;
    try {
      send = await loadSender();
    } catch {
      stop(connectionProblem);
      return;
    }
    // The token is the last thing added: the rules are checked before any bot-check work is spent.
    const parsed = send.enquirySchemas[kind].safeParse({
      ...texts,
      ...ticks,
      contact1: '2',
      recToken: 'pending',
    });
    if (!parsed.success) {
      const byField: Record<string, string> = {};
      for (const issue of parsed.error.issues) byField[String(issue.path[0])] ??= issue.message;
      setErrors(byField);
      stop(null);
      return;
    }
    setErrors({});
    setSending(true);
    let recToken: string;
    try {
      recToken = await botCheck.take();
    } catch {
      stop(botCheckMessages.failed);
      return;
    }
    const body = { ...parsed.data, recToken, ...(trap && { [honeypotField]: trap }) };
    const outcome = await send.sendEnquiry(kind, body);
    if (outcome.sent) {
      window.location.assign('/contact-received');
      return;
    }
    stop(outcome.message);
  };

  /** The problems in the order of the form, each linked to its control. */
  const errorList = [...names.texts, ...names.ticks]
    .filter((name) => errors[name])
    .map((name) => ({ id: id(name), message: errors[name] as string }));

  return {
    id,
    texts,
    ticks,
    trap,
    setTrap,
    errors,
    errorList,
    problem,
    sending,
    attempt,
    botCheck,
    prepare,
    setText,
    setTick,
    submit,
  };
}

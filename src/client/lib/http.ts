/** A non-2xx answer; `body` is the answer's text, which the forms show as the detail of their error. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** docs/behaviour.md#how-the-pages-show-answers: the generic helper only logs what went wrong; each caller decides what the visitor sees. */
export function logHttpFailure(status: number) {
  if (status === 404) console.error('Object not found');
  else if (status === 500) console.error('Internal server error');
  else console.error('Some error occured');
}

/** Fetches JSON; a non-2xx answer is logged and thrown as an HttpError. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  if (!response.ok) {
    logHttpFailure(response.status);
    throw new HttpError(response.status, await response.text());
  }
  return (await response.json()) as T;
}

export function postJson<T>(url: string, body: unknown): Promise<T> {
  return fetchJson<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * The text of a `{success, infoMessages, errorMessages}` answer (docs/behaviour.md#how-the-pages-show-answers: the info messages followed by the
 * error messages), or null when the body is not such an answer.
 */
export function formAnswerMessages(body: string): string | null {
  try {
    return messagesOf(JSON.parse(body));
  } catch {
    return null;
  }
}

function messagesOf(answer: { infoMessages?: unknown; errorMessages?: unknown } | null): string | null {
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const messages = [...list(answer?.infoMessages), ...list(answer?.errorMessages)];
  return messages.length ? messages.join(' ') : null;
}

export type FormOutcome = { sent: true } | { sent: false; message: string };

/**
 * Sends a subscribe or contact form and reads its `{success, infoMessages, errorMessages}` answer (docs/behaviour.md#how-the-pages-show-answers):
 * success false shows the info messages then the error messages; a request that fails shows
 * 'Error sending message: {detail}', the detail being the answer's body or the error's message.
 */
export async function sendForm(url: string, payload: unknown): Promise<FormOutcome> {
  try {
    const answer = await postJson<{ success?: unknown; infoMessages?: unknown; errorMessages?: unknown }>(
      url,
      payload,
    );
    if (answer.success === true) return { sent: true };
    return { sent: false, message: messagesOf(answer) ?? errorSending('no details') };
  } catch (error) {
    if (error instanceof HttpError) {
      return {
        sent: false,
        message: formAnswerMessages(error.body) ?? errorSending(error.body || error.message),
      };
    }
    return { sent: false, message: errorSending(error instanceof Error ? error.message : String(error)) };
  }
}

const errorSending = (detail: string) => `Error sending message: ${detail}`;

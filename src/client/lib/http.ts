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

/** SPEC §8: the generic helper only logs what went wrong; each caller decides what the visitor sees. */
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
 * The text of a `{success, infoMessages, errorMessages}` answer (SPEC §8: the info messages followed by the
 * error messages), or null when the body is not such an answer.
 */
export function formAnswerMessages(body: string): string | null {
  try {
    const answer = JSON.parse(body) as { infoMessages?: unknown; errorMessages?: unknown };
    const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
    const messages = [...list(answer.infoMessages), ...list(answer.errorMessages)];
    return messages.length ? messages.join(' ') : null;
  } catch {
    return null;
  }
}

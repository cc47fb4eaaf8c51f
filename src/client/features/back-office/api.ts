import { accountPaths } from '../../../shared/accounts.ts';
import { backOfficeApi, formTokenHeader } from '../../../shared/back-office.ts';

/** A refused request: the status and the server's messages, for the screen to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];

  constructor(status: number, messages: string[]) {
    super(messages.join(' ') || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
  }
}

let pendingToken: Promise<string> | null = null;

/** The double-submit token for changes and the sign-out form, fetched once per page (it also sets its cookie). */
export function formToken(): Promise<string> {
  pendingToken ??= fetch(accountPaths.formToken, { headers: { accept: 'application/json' } })
    .then((response) => response.json() as Promise<{ token: string }>)
    .then((body) => body.token);
  return pendingToken;
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[formTokenHeader] = await formToken();
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${backOfficeApi}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 401) {
    // The session ended (signed out elsewhere, expired, or the account was disabled).
    window.location.assign(accountPaths.login);
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok) {
    const messages = (answer as { errorMessages?: string[] } | null)?.errorMessages ?? [];
    throw new ApiError(response.status, messages);
  }
  return answer as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** What went wrong, in words for the screen: the server's messages, one per problem. */
export function problemsOf(error: unknown): string[] {
  if (error instanceof ApiError && error.messages.length > 0) return error.messages;
  return ['That did not work. Check your connection and try again.'];
}

export const problemText = (error: unknown) => problemsOf(error).join(' ');

/** The query string for a list's filters, leaving out the empty ones. */
export function queryString(filters: Record<string, string | undefined>): string {
  const entries = Object.entries(filters).filter(([, value]) => value) as [string, string][];
  return entries.length ? `?${new URLSearchParams(entries)}` : '';
}

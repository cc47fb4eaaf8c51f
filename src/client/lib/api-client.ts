import type { CallInput, EndpointSpec, FormAnswer, ServerFailure, Success } from '#shared/api/endpoint.ts';
import { pathWith, type Route } from '#shared/api/route.ts';
import { formTokenRoute, signInRoute } from '#shared/api/routes-on-every-page.ts';
import { returnPathField } from '#shared/return-path.ts';

// The one way the browser calls the site: every call names its endpoint from src/shared/api/, so the
// path, the payload's type and the answer's type all come from the contract the server is built from.
// Only types come from the entries here: this module runs on every page, and the entries' schemas would
// double the script a page loads.

/**
 * An endpoint's route alone, typed by its whole entry: `call<typeof subscribe>(subscribeRoute, …)` lets
 * a script that every page loads call an endpoint without loading the entry's schemas.
 */
export type RouteOf<E extends EndpointSpec> = Pick<E, keyof Route>;

/** A non-2xx answer: its status, the server's messages (one per problem) and the raw body. */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];
  readonly body: string;

  constructor(status: number, messages: string[], body: string) {
    super(messages.join(' ') || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.body = body;
  }
}

/** The public forms only log what went wrong, by status; each caller decides what the visitor sees. */
export function logHttpFailure(status: number) {
  if (status === 404) console.error('Object not found');
  else if (status === 500) console.error('Internal server error');
  else console.error('Some error occured');
}

/** The info messages followed by the error messages of a `{success, infoMessages, errorMessages}` answer. */
export function messagesOf(answer: unknown): string[] {
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const { infoMessages, errorMessages } = (answer ?? {}) as Partial<Record<keyof FormAnswer, unknown>>;
  return [...list(infoMessages), ...list(errorMessages)];
}

const formTokenHeader = 'x-form-token';
let pendingToken: Promise<string> | null = null;

/** The double-submit token for staff changes and the sign-out form, fetched once per page (it also sets its cookie). */
export function formToken(origin = ''): Promise<string> {
  pendingToken ??= fetch(`${origin}${formTokenRoute.path}`, { headers: { accept: 'application/json' } })
    .then((response) => response.json() as Promise<{ token: string }>)
    .then((body) => body.token);
  return pendingToken;
}

function queryString(query: Record<string, unknown> | undefined): string {
  const entries = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== '');
  return entries.length
    ? `?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))}`
    : '';
}

export interface CallOptions {
  /** Where the site is, for a call from outside its pages (a test); a page calls its own origin. */
  origin?: string;
  signal?: AbortSignal;
}

/**
 * Calls an endpoint and answers its parsed JSON. A non-2xx answer is thrown as an ApiError; a public
 * endpoint's also logs its status, and a staff endpoint's 401 (the session ended) goes to the login page.
 */
export async function call<const E extends EndpointSpec>(
  endpoint: E | RouteOf<E>,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<Success<E>> {
  const response = await request(endpoint, input, options);
  return (await response.json()) as Success<E>;
}

/**
 * Calls an endpoint whose every 2xx means success (the booking and the small sign-up,
 * docs/behaviour/errors-and-messages.md#how-the-pages-show-answers): the answer's body is not read, so one that is empty or
 * not JSON is a success too. A non-2xx answer is thrown as `call` throws it.
 */
export async function send<const E extends EndpointSpec>(
  endpoint: E | RouteOf<E>,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<void> {
  const response = await request(endpoint, input, options);
  await response.body?.cancel();
}

async function request<const E extends EndpointSpec>(
  endpoint: E | RouteOf<E>,
  input: CallInput<E>,
  { origin = '', signal }: CallOptions,
): Promise<Response> {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (endpoint.access !== 'public' && endpoint.method !== 'GET')
    headers[formTokenHeader] = await formToken(origin);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${origin}${pathWith(endpoint.path, params)}${queryString(query)}`, {
    method: endpoint.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    if (endpoint.access === 'public') logHttpFailure(response.status);
    else if (response.status === 401) window.location.assign(loginReturningHere());
    const text = await response.text();
    const parsed = parsedOrNull(text);
    throw new ApiError(response.status, [...messagesOf(parsed), referenceOf(parsed)].filter(Boolean), text);
  }
  return response;
}

/** The login page, told to come back to this page afterwards (the server follows only back-office paths). */
function loginReturningHere(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return `${signInRoute.path}?${new URLSearchParams({ [returnPathField]: here })}`;
}

/** A failure of the site's own names its request, for the visitor or member of staff to quote. */
function referenceOf(answer: unknown): string {
  const requestId = (answer as Partial<ServerFailure> | null)?.requestId;
  return typeof requestId === 'string' ? `If it happens again, tell us this reference: ${requestId}` : '';
}

function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export type FormOutcome = { sent: true } | { sent: false; message: string };

const errorSending = (detail: string) => `Error sending message: ${detail}`;

/**
 * Sends a form and reads its `{success, infoMessages, errorMessages}` answer: success false in a 2xx
 * answer shows the info messages then the error messages; a request that fails (a 4xx or 5xx answer, or
 * none) shows 'Error sending message: {detail}', the detail being the answer's messages, else its body,
 * else the error's message.
 */
export async function sendForm<const E extends EndpointSpec>(
  endpoint: E | RouteOf<E>,
  input: CallInput<E>,
  options?: CallOptions,
): Promise<FormOutcome> {
  try {
    const answer = (await call(endpoint, input, options)) as Partial<FormAnswer>;
    if (answer.success === true) return { sent: true };
    return { sent: false, message: messagesOf(answer).join(' ') || errorSending('no details') };
  } catch (error) {
    if (error instanceof ApiError) {
      return { sent: false, message: errorSending(error.messages.join(' ') || error.body || error.message) };
    }
    return { sent: false, message: errorSending(error instanceof Error ? error.message : String(error)) };
  }
}

/** What went wrong, in words for the screen: the server's messages, one per problem. */
export function problemsOf(error: unknown): string[] {
  if (error instanceof ApiError && error.messages.length > 0) return error.messages;
  return ['That did not work. Check your connection and try again.'];
}

export const problemText = (error: unknown) => problemsOf(error).join(' ');

/**
 * Sends to an endpoint that answers plain text, success or not (the forgotten-password link), and answers
 * that text for the page to show as it is. Only a request that cannot be made at all throws.
 */
export async function sendForText<const E extends EndpointSpec>(
  endpoint: E | RouteOf<E>,
  input: CallInput<E>,
  { origin = '', signal }: CallOptions = {},
): Promise<string> {
  const { params, body } = input as { params?: Record<string, string>; body?: unknown };
  const response = await fetch(`${origin}${pathWith(endpoint.path, params)}`, {
    method: endpoint.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  return response.text();
}

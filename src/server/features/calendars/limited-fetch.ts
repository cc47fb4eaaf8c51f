import {
  type RequestInit as UndiciRequestInit,
  type Response as UndiciResponse,
  fetch as undiciFetch,
} from 'undici';
import { calendarDispatcher, refusedAsPrivate } from './guarded-dispatcher.ts';
import { CalendarReadError } from './read-error.ts';
import type { ReadLimits } from './read-limits.ts';

// Every request to a calendar server goes through here: one deadline for the whole exchange (answer and
// body), a cap on the body's size, and the server's refusals turned into words for staff, so a hanging,
// failing or hostile server costs at most the deadline and a few megabytes.

/** Redirects followed (fetch's own limit is 20). */
const maxRedirects = 5;

export interface LimitedFetchOptions extends ReadLimits {
  /** A status other than this one (or 304) is reported as what the server answered; any 2xx when unset. */
  expectStatus?: number;
  /** The words when the status is 2xx but not the expected one. */
  unexpected?: CalendarReadError;
  /** One deadline shared by several requests (a CalDAV read makes a few); else timeoutMs for each. */
  signal?: AbortSignal;
  /** Bytes already read by earlier requests sharing maxBytes; counted on here when given. */
  bytesRead?: { total: number };
  /**
   * A redirect to another origin: 'refuse' it (a CalDAV read, whose password is for its own server
   * only), or 'follow' it without credentials or cookies (a feed, the default).
   */
  crossOriginRedirects?: 'refuse' | 'follow';
}

function translate(error: unknown, limits: ReadLimits): CalendarReadError {
  if (error instanceof CalendarReadError) return error;
  if (refusedAsPrivate(error)) return new CalendarReadError('private-host');
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return new CalendarReadError('timeout', { seconds: Math.round(limits.timeoutMs / 1000) });
  return new CalendarReadError('unreachable');
}

/** The body as text (iCalendar and CalDAV's XML are UTF-8), refused once it passes the size cap. */
async function readCapped(
  response: UndiciResponse,
  limits: ReadLimits,
  bytesRead: { total: number },
): Promise<string> {
  const tooLarge = new CalendarReadError('too-large', { bytes: limits.maxBytes });
  if (bytesRead.total + Number(response.headers.get('content-length') ?? 0) > limits.maxBytes) {
    await response.body?.cancel();
    throw tooLarge;
  }
  const chunks: Uint8Array[] = [];
  if (!response.body) return '';
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytesRead.total += value.byteLength;
    if (bytesRead.total > limits.maxBytes) {
      await reader.cancel();
      throw tooLarge;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Headers that speak for the adviser: never sent to an origin other than the one they were given for. */
const credentialHeaders = ['authorization', 'proxy-authorization', 'cookie'];

/**
 * undici's fetch through the calendar dispatcher, following redirects itself: one to another origin
 * (scheme, host or port) is refused when `crossOriginRedirects` is 'refuse', else followed without
 * credentials or cookies, as browsers and Node's own fetch do.
 */
async function fetchFollowing(url: string, init: RequestInit, options: LimitedFetchOptions) {
  const follow = (init.redirect ?? 'follow') === 'follow';
  const dispatcher = calendarDispatcher(options);
  const headers = new Headers(init.headers as HeadersInit | undefined);
  let { method = 'GET', body = null } = init;
  let target = new URL(url);
  for (let hop = 0; ; hop += 1) {
    const response = await undiciFetch(target, {
      method,
      headers: [...headers],
      body: body as UndiciRequestInit['body'],
      signal: init.signal ?? null,
      redirect: 'manual',
      ...(dispatcher && { dispatcher }),
    });
    const location = response.headers.get('location');
    if (!follow || response.status < 300 || response.status >= 400 || response.status === 304 || !location)
      return response;
    await response.body?.cancel();
    if (hop >= maxRedirects) throw new CalendarReadError('status', { status: response.status });
    const next = new URL(location, target);
    if (next.protocol !== 'https:' && next.protocol !== 'http:')
      throw new CalendarReadError('status', { status: response.status });
    if (next.origin !== target.origin) {
      if (options.crossOriginRedirects === 'refuse') throw new CalendarReadError('redirected-elsewhere');
      for (const name of credentialHeaders) headers.delete(name);
    }
    // As fetch does: 303 (and 301 or 302 to a POST) is followed with a GET without the body.
    if (
      (response.status === 303 && method !== 'GET' && method !== 'HEAD') ||
      ((response.status === 301 || response.status === 302) && method === 'POST')
    ) {
      method = 'GET';
      body = null;
      headers.delete('content-type');
    }
    target = next;
  }
}

/** A fetch with a deadline and a size cap, which throws CalendarReadError for anything but success. */
export function limitedFetch(options: LimitedFetchOptions): typeof fetch {
  return async (input, init) => {
    try {
      const signal = options.signal ?? AbortSignal.timeout(options.timeoutMs);
      const url = input instanceof Request ? input.url : String(input);
      const response = await fetchFollowing(url, { ...init, signal }, options);
      const { status } = response;
      if (status === 304) return new Response(null, { status, headers: [...response.headers] });
      if (status === 401 || status === 403) throw new CalendarReadError('refused-credentials');
      if (status < 200 || status >= 300) throw new CalendarReadError('status', { status });
      if (options.expectStatus !== undefined && status !== options.expectStatus)
        throw options.unexpected ?? new CalendarReadError('status', { status });
      const body = await readCapped(response, options, options.bytesRead ?? { total: 0 });
      return new Response(body, { status, statusText: response.statusText, headers: [...response.headers] });
    } catch (error) {
      throw translate(error, options);
    }
  };
}

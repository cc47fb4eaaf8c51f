import { reachesPrivateHost } from './private-hosts.ts';
import { CalendarReadError } from './read-error.ts';

// Every request to a calendar server goes through here: one deadline for the whole exchange (answer and
// body), a cap on the body's size, and the server's refusals turned into words for staff, so a hanging,
// failing or hostile server costs at most the deadline and a few megabytes.

export interface ReadLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Refuse hosts that are or resolve to private addresses, redirects' too (production; private-hosts.ts). */
  refusePrivateHosts?: boolean;
}

/** Redirects followed when private hosts are refused (each is checked); fetch's own limit is 20. */
const maxRedirects = 5;

export const defaultReadLimits: ReadLimits = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024 };

export interface LimitedFetchOptions extends ReadLimits {
  /** A status other than this one (or 304) is reported as what the server answered; any 2xx when unset. */
  expectStatus?: number;
  /** The words when the status is 2xx but not the expected one. */
  unexpected?: CalendarReadError;
  /** One deadline shared by several requests (a CalDAV read makes a few); else timeoutMs for each. */
  signal?: AbortSignal;
  /** Bytes already read by earlier requests sharing maxBytes; counted on here when given. */
  bytesRead?: { total: number };
}

function translate(error: unknown, limits: ReadLimits): CalendarReadError {
  if (error instanceof CalendarReadError) return error;
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return new CalendarReadError('timeout', { seconds: Math.round(limits.timeoutMs / 1000) });
  return new CalendarReadError('unreachable');
}

/** The body as text (iCalendar and CalDAV's XML are UTF-8), refused once it passes the size cap. */
async function readCapped(
  response: Response,
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

/** fetch, refusing a private host before the request and at each redirect, which it follows itself. */
async function fetchPublicOnly(url: string, init: RequestInit): Promise<Response> {
  const follow = (init.redirect ?? 'follow') === 'follow';
  let target = url;
  for (let hop = 0; ; hop += 1) {
    if (await reachesPrivateHost(target)) throw new CalendarReadError('private-host');
    const response = await fetch(target, { ...init, redirect: 'manual' });
    const location = response.headers.get('location');
    if (!follow || response.status < 300 || response.status >= 400 || response.status === 304 || !location)
      return response;
    await response.body?.cancel();
    if (hop >= maxRedirects) throw new CalendarReadError('status', { status: response.status });
    target = new URL(location, target).href;
  }
}

/** A fetch with a deadline and a size cap, which throws CalendarReadError for anything but success. */
export function limitedFetch(options: LimitedFetchOptions): typeof fetch {
  return async (input, init) => {
    try {
      const signal = options.signal ?? AbortSignal.timeout(options.timeoutMs);
      const response = options.refusePrivateHosts
        ? await fetchPublicOnly(String(input instanceof Request ? input.url : input), { ...init, signal })
        : await fetch(input, { ...init, signal });
      const { status } = response;
      if (status === 304) return new Response(null, { status, headers: response.headers });
      if (status === 401 || status === 403) throw new CalendarReadError('refused-credentials');
      if (status < 200 || status >= 300) throw new CalendarReadError('status', { status });
      if (options.expectStatus !== undefined && status !== options.expectStatus)
        throw options.unexpected ?? new CalendarReadError('status', { status });
      const body = await readCapped(response, options, options.bytesRead ?? { total: 0 });
      return new Response(body, { status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      throw translate(error, options);
    }
  };
}

import { fetch } from 'undici';
import { type CalendarNetwork, calendarDispatcher, refusedAsPrivate } from './guarded-dispatcher.ts';
import type { CalendarSource } from './secret-box.ts';
import { CalendarWriteError } from './write-error.ts';

// Writing one event into a CalDAV calendar collection, and deleting it again (RFC 4791 §5.3.2: a plain
// authenticated PUT of an iCalendar object; DELETE to remove it). Errors are in words staff understand,
// and never carry the address, user name or password. A redirect is not followed (the password is for
// this server only), and in production no connection reaches a private address (guarded-dispatcher.ts).

export type CalDavSource = Extract<CalendarSource, { kind: 'caldav' }>;

const defaultTimeoutMs = 20_000;

/** Where an event with this file name lives in the calendar collection at `collectionUrl`. */
export function objectUrl(collectionUrl: string, fileName: string) {
  const collection = collectionUrl.endsWith('/') ? collectionUrl : `${collectionUrl}/`;
  return new URL(encodeURIComponent(fileName), collection).href;
}

function explainStatus(status: number) {
  if (status === 401 || status === 403)
    return `The calendar server refused the user name or password (it answered ${status}).`;
  if (status === 404 || status === 409)
    return `The calendar server has no calendar at the address given (it answered ${status}).`;
  if (status >= 300 && status < 400)
    return `The calendar server sent the request elsewhere (it answered ${status}); check the calendar's address.`;
  if (status === 507) return 'The calendar server has no room left for the event (it answered 507).';
  if (status >= 500) return `The calendar server failed (it answered ${status}).`;
  return `The calendar server would not take the event (it answered ${status}).`;
}

function explainNetworkError(error: unknown, timeoutMs: number) {
  if (refusedAsPrivate(error))
    return "The calendar's address is on a private network, which the site does not write to.";
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return `The calendar server did not answer within ${timeoutMs / 1000} seconds.`;
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  if (code === 'ECONNREFUSED') return 'Could not reach the calendar server: it refused the connection.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return 'Could not reach the calendar server: its host name was not found.';
  if (code?.startsWith('CERT_') || code?.includes('SELF_SIGNED') || code?.includes('TLS'))
    return 'Could not reach the calendar server: its certificate was not accepted.';
  return 'Could not reach the calendar server.';
}

async function request(
  source: CalDavSource,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  timeoutMs: number,
  network: CalendarNetwork,
) {
  const dispatcher = calendarDispatcher(network);
  // The credentials go only to the calendar's own server, even if a stored address were to point elsewhere.
  if (new URL(url).origin !== new URL(source.url).origin)
    throw new CalendarWriteError("The event's address is not on the calendar's server.");
  const authorization = `Basic ${Buffer.from(`${source.username}:${source.password}`).toString('base64')}`;
  try {
    const response = await fetch(url, {
      ...init,
      headers: { authorization, ...init.headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      ...(dispatcher && { dispatcher }),
    });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    throw new CalendarWriteError(explainNetworkError(error, timeoutMs));
  }
}

/**
 * Creates the event `fileName` in the calendar; answers its URL. `If-None-Match: *` never overwrites:
 * an object already there under this unguessable name is this call's own, from a try whose answer was lost.
 * `replace` writes over it instead: the call has moved, and its event (the same UID, a higher SEQUENCE)
 * takes the new time.
 */
export async function putCalendarObject(
  source: CalDavSource,
  fileName: string,
  ics: string,
  timeoutMs = defaultTimeoutMs,
  network: CalendarNetwork = {},
  replace = false,
) {
  const url = objectUrl(source.url, fileName);
  const status = await request(
    source,
    url,
    {
      method: 'PUT',
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        ...(replace ? {} : { 'if-none-match': '*' }),
      },
      body: ics,
    },
    timeoutMs,
    network,
  );
  if ((status >= 200 && status < 300) || status === 412) return url;
  throw new CalendarWriteError(explainStatus(status));
}

/** Deletes the event at `url`; one already gone counts as deleted. */
export async function deleteCalendarObject(
  source: CalDavSource,
  url: string,
  timeoutMs = defaultTimeoutMs,
  network: CalendarNetwork = {},
) {
  const status = await request(source, url, { method: 'DELETE' }, timeoutMs, network);
  if ((status >= 200 && status < 300) || status === 404 || status === 410) return;
  throw new CalendarWriteError(explainStatus(status));
}

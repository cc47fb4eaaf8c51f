import { calendarQuery, getBasicAuthHeaders, propfind } from 'tsdav';
import type { BusyTimesRead, BusyWindow } from './busy-times.ts';
import { busyTimesPool } from './busy-times-pool.ts';
import { limitedFetch } from './limited-fetch.ts';
import { CalendarReadError } from './read-error.ts';
import type { ReadLimits } from './read-limits.ts';

// Reads a CalDAV calendar (RFC 4791) with one calendar-query REPORT: the events that touch the window, as
// the server stores them. Servers such as Radicale answer a recurring event with its master and rule, so
// busy-times.ts expands them; asking the server to expand would not work with every server.
//
// The address may be the calendar collection itself or, failing that, an address the server can name
// the user's calendars from (their principal, or the server's root): then every calendar of theirs that
// holds events is read, since a meeting in any of them makes the adviser busy.

type Fetch = typeof fetch;
type DavResponse = Awaited<ReturnType<typeof propfind>>[number];

/** More calendars than anyone keeps; a server listing thousands is not read into memory. */
const maxCalendars = 20;

/** CalDAV's time-range format: UTC, basic form, e.g. 20270315T090000Z. */
const davTime = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

const hrefOf = (value: unknown): string | undefined => {
  const href = (value as { href?: unknown } | undefined)?.href;
  return typeof href === 'string'
    ? href
    : Array.isArray(href) && typeof href[0] === 'string'
      ? href[0]
      : undefined;
};

const isCalendar = (response: DavResponse | undefined) =>
  Boolean(response?.props?.resourcetype && 'calendar' in response.props.resourcetype);

function takesEvents(response: DavResponse) {
  const set = response.props?.supportedCalendarComponentSet;
  if (!set) return true; // a calendar that does not say takes every kind
  const comps = Array.isArray(set.comp) ? set.comp : [set.comp];
  return comps.some((comp: { _attributes?: { name?: string } }) => comp?._attributes?.name === 'VEVENT');
}

/**
 * The calendars an address stands for. Addresses the server names are followed only on the same origin,
 * so a server cannot send the adviser's password elsewhere.
 */
async function calendarsAt(url: string, headers: Record<string, string>, fetch: Fetch): Promise<string[]> {
  const origin = new URL(url).origin;
  const resolve = (href: string | undefined) => {
    if (!href) return undefined;
    const target = new URL(href, url);
    return target.origin === origin ? target.href : undefined;
  };
  const [self] = await propfind({
    url,
    depth: '0',
    props: { 'd:resourcetype': {}, 'd:current-user-principal': {}, 'c:calendar-home-set': {} },
    headers,
    fetch,
  });
  if (isCalendar(self)) return [url];

  let home = resolve(hrefOf(self?.props?.calendarHomeSet));
  const principal = resolve(hrefOf(self?.props?.currentUserPrincipal));
  if (!home && principal) {
    const [found] = await propfind({
      url: principal,
      depth: '0',
      props: { 'c:calendar-home-set': {} },
      headers,
      fetch,
    });
    home = resolve(hrefOf(found?.props?.calendarHomeSet));
  }
  if (!home) throw new CalendarReadError('not-caldav');
  const listing = await propfind({
    url: home,
    depth: '1',
    props: { 'd:resourcetype': {}, 'c:supported-calendar-component-set': {} },
    headers,
    fetch,
  });
  const calendars = listing
    .filter((response) => isCalendar(response) && takesEvents(response))
    .flatMap((response) => resolve(response.href) ?? []);
  if (calendars.length === 0) throw new CalendarReadError('not-caldav');
  return calendars.slice(0, maxCalendars);
}

export async function readCalDav(
  source: { url: string; username: string; password: string },
  window: BusyWindow,
  limits: ReadLimits,
  ownUids: Iterable<string> = [],
): Promise<BusyTimesRead> {
  const headers = getBasicAuthHeaders({ username: source.username, password: source.password });
  // Every request of one read shares one deadline and one size cap. A collection answers PROPFIND and REPORT with 207
  // Multi-Status; a web page answering 200 is not one, and reading it as an empty calendar would offer the
  // adviser's busy times.
  const fetch = limitedFetch({
    ...limits,
    signal: AbortSignal.timeout(limits.timeoutMs),
    bytesRead: { total: 0 },
    expectStatus: 207,
    unexpected: new CalendarReadError('not-caldav'),
    // The password is for this server only; the card says why a move elsewhere is not followed.
    crossOriginRedirects: 'refuse',
  });
  const texts: string[] = [];
  for (const calendarUrl of await calendarsAt(source.url, headers, fetch)) {
    const responses = await calendarQuery({
      url: calendarUrl,
      props: { 'd:getetag': {}, 'c:calendar-data': {} },
      filters: {
        'comp-filter': {
          _attributes: { name: 'VCALENDAR' },
          'comp-filter': {
            _attributes: { name: 'VEVENT' },
            'time-range': { _attributes: { start: davTime(window.from), end: davTime(window.to) } },
          },
        },
      },
      depth: '1',
      headers,
      fetch,
    });
    for (const response of responses) {
      const data = response.props?.calendarData;
      const text = typeof data === 'string' ? data : data?._cdata;
      if (typeof text === 'string' && text.trim() !== '') texts.push(text);
    }
  }
  return busyTimesPool().read(texts, window, { ownUids, timeoutMs: limits.timeoutMs });
}

import { calendarQuery, getBasicAuthHeaders } from 'tsdav';
import { type BusyInterval, type BusyWindow, busyTimesFromIcs } from './busy-times.ts';
import { limitedFetch, type ReadLimits } from './limited-fetch.ts';
import { CalendarReadError } from './read-error.ts';

// Reads a CalDAV calendar collection (RFC 4791) with one calendar-query REPORT: the events that touch the
// window, as the server stores them. Servers such as Radicale answer a recurring event with its master
// and rule, so busy-times.ts expands them; asking the server to expand would not work with every server.

/** CalDAV's time-range format: UTC, basic form, e.g. 20270315T090000Z. */
const davTime = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

export async function readCalDav(
  source: { url: string; username: string; password: string },
  window: BusyWindow,
  limits: ReadLimits,
): Promise<BusyInterval[]> {
  const responses = await calendarQuery({
    url: source.url,
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
    headers: getBasicAuthHeaders({ username: source.username, password: source.password }),
    // A calendar collection answers a REPORT with 207 Multi-Status; a web page answering 200 is not one,
    // and reading it as an empty calendar would offer the adviser's busy times.
    fetch: limitedFetch({ ...limits, expectStatus: 207, unexpected: new CalendarReadError('not-caldav') }),
  });
  const texts: string[] = [];
  for (const response of responses) {
    const data = response.props?.calendarData;
    const text = typeof data === 'string' ? data : data?._cdata;
    if (typeof text === 'string' && text.trim() !== '') texts.push(text);
  }
  return busyTimesFromIcs(texts, window);
}

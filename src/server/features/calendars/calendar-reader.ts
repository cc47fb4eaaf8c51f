import type { BusyInterval, BusyWindow } from './busy-times.ts';
import { readCalDav } from './caldav-reader.ts';
import { type FeedRead, type FeedValidators, readIcsFeed } from './ics-feed-reader.ts';
import type { ReadLimits } from './limited-fetch.ts';
import type { CalendarSource } from './secret-box.ts';

export type { BusyInterval };

/**
 * Reads an adviser's calendar, whichever kind it is, for a window. `validators` make an ICS feed's GET
 * conditional; a CalDAV calendar is always queried for the window itself.
 */
export async function readCalendar(
  source: CalendarSource,
  validators: FeedValidators | undefined,
  window: BusyWindow,
  limits: ReadLimits,
): Promise<FeedRead> {
  if (source.kind === 'ics') return readIcsFeed(source.url, validators, window, limits);
  return { changed: true, busy: await readCalDav(source, window, limits), etag: null, lastModified: null };
}

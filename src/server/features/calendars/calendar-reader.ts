import type { BusyInterval, BusyWindow } from './busy-times.ts';
import type { FeedRead, FeedValidators } from './ics-feed-reader.ts';
import type { ReadLimits } from './read-limits.ts';
import type { CalendarSource } from './secret-box.ts';

export type { BusyInterval };

/**
 * Reads an adviser's calendar, whichever kind it is, for a window. `validators` make an ICS feed's GET
 * conditional; a CalDAV calendar is always queried for the window itself. Events whose UID is in
 * `ownUids` (calls booked here, see busy-times.ts) are left out. The text is read off the main thread
 * (busy-times-pool.ts), with as long again as the download had. The readers and their HTTP client are
 * loaded with the first read: a site whose advisers connect no calendar never holds them.
 */
export async function readCalendar(
  source: CalendarSource,
  validators: FeedValidators | undefined,
  window: BusyWindow,
  limits: ReadLimits,
  ownUids: Iterable<string> = [],
): Promise<FeedRead> {
  if (source.kind === 'ics') {
    const { readIcsFeed } = await import('./ics-feed-reader.ts');
    return readIcsFeed(source.url, validators, window, limits, ownUids);
  }
  const { readCalDav } = await import('./caldav-reader.ts');
  return {
    changed: true,
    ...(await readCalDav(source, window, limits, ownUids)),
    etag: null,
    lastModified: null,
  };
}

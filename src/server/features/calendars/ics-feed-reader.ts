import { type BusyInterval, type BusyWindow, busyTimesFromIcs } from './busy-times.ts';
import { limitedFetch, type ReadLimits } from './limited-fetch.ts';

// Reads a published iCalendar feed (Outlook's published calendar, Google's secret address) with a
// conditional GET, so an unchanged feed costs the server a 304 rather than the whole file every few minutes.

export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedRead =
  | { changed: false }
  | { changed: true; busy: BusyInterval[]; etag: string | null; lastModified: string | null };

export async function readIcsFeed(
  url: string,
  validators: FeedValidators | undefined,
  window: BusyWindow,
  limits: ReadLimits,
): Promise<FeedRead> {
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5' };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  const response = await limitedFetch(limits)(url, { headers, redirect: 'follow' });
  if (response.status === 304) return { changed: false };
  const busy = busyTimesFromIcs(await response.text(), window);
  return {
    changed: true,
    busy,
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
  };
}

import type { BusyInterval, BusyWindow } from './busy-times.ts';
import { busyTimesPool } from './busy-times-pool.ts';
import { limitedFetch } from './limited-fetch.ts';
import type { ReadLimits } from './read-limits.ts';

// Reads a published iCalendar feed (Outlook's published calendar, Google's secret address) with a
// conditional GET, so an unchanged feed costs the server a 304 rather than the whole file every few minutes.

export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedRead =
  | { changed: false }
  | {
      changed: true;
      busy: BusyInterval[];
      /** Repeating events that passed their cap and count as busy for all the window they cover. */
      crowdedSeries: number;
      etag: string | null;
      lastModified: string | null;
    };

export async function readIcsFeed(
  url: string,
  validators: FeedValidators | undefined,
  window: BusyWindow,
  limits: ReadLimits,
  ownUids: Iterable<string> = [],
): Promise<FeedRead> {
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5' };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  const response = await limitedFetch(limits)(url, { headers, redirect: 'follow' });
  if (response.status === 304) return { changed: false };
  const { busy, crowdedSeries } = await busyTimesPool().read(await response.text(), window, {
    ownUids,
    timeoutMs: limits.timeoutMs,
  });
  return {
    changed: true,
    busy,
    crowdedSeries,
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
  };
}

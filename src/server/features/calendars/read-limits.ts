import type { CalendarNetwork } from './guarded-dispatcher.ts';

// The limits on reading a calendar, apart from the code that reads one (limited-fetch.ts), so that what
// schedules the reads does not load the HTTP client before a calendar is connected.

/** With CalendarNetwork's refusePrivateHosts, no connection reaches a private address (production). */
export interface ReadLimits extends CalendarNetwork {
  timeoutMs: number;
  maxBytes: number;
}

export const defaultReadLimits: ReadLimits = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024 };

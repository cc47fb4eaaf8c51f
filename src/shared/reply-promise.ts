// How long the firm promises to take to reply ("We reply within one working day"), read from the words
// the firm wrote, so that the overview can list the leads that have waited longer.

const numbers: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  twelve: 12,
  'twenty-four': 24,
  'forty-eight': 48,
};

/** A promise as a length: so many hours, or so many working days (Monday to Friday). */
export type PromisedWait = { hours: number } | { workingDays: number };

/** What the overview assumes when the firm's words give no length ("as soon as we can"). */
export const assumedWait: PromisedWait = { workingDays: 1 };

/**
 * The wait the firm's words promise: "24 hours", "one working day", "2 business days", "a day" (read as
 * working days); null when they name no length.
 */
export function promisedWait(words: string): PromisedWait | null {
  const found = /(\d+|[a-z-]+)\s+(working\s+|business\s+)?(hours?|days?)\b/i.exec(words.trim());
  if (!found) return null;
  const [, count = '', , unit = ''] = found;
  const n = /^\d+$/.test(count) ? Number(count) : numbers[count.toLowerCase()];
  if (!n) return null;
  return unit.toLowerCase().startsWith('hour') ? { hours: n } : { workingDays: n };
}

/** The latest arrival that is still within the promise at `now`: anything earlier has waited too long. */
export function promiseCutoff(wait: PromisedWait, now: Date): Date {
  if ('hours' in wait) return new Date(now.getTime() - wait.hours * 3_600_000);
  const cutoff = new Date(now);
  let left = wait.workingDays;
  while (left > 0) {
    cutoff.setUTCDate(cutoff.getUTCDate() - 1);
    const day = cutoff.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return cutoff;
}

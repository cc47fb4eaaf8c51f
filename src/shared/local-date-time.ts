import { z } from './zod.ts';

/**
 * A date and time as a `datetime-local` field sends it, `YYYY-MM-DDTHH:MM`, that is a real one: the
 * browser's picker cannot make 30 February or 25:61, but a request written by hand can, and JavaScript
 * would quietly roll it over to another day.
 */
export function localDateTime(message: string) {
  return z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: message })
    .refine(isRealDateTime, { error: message });
}

function isRealDateTime(value: string) {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = value.split(/[-T:]/).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute
  );
}

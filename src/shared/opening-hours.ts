// A firm's opening hours: the days it opens and one time it opens and closes, as an owner sets them and
// as pages write them ("Monday to Friday, 9am to 5pm") and search engines read them (schema.org's names).

export const weekdays = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export type Weekday = (typeof weekdays)[number];

export interface OpeningHours {
  /** In the week's order, Monday first. */
  days: Weekday[];
  /** 24-hour clock, "09:00". */
  opens: string;
  closes: string;
}

/** "9am", "5:30pm", "12pm": a time as people say it. */
export function timeInWords(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}${suffix}`;
}

/**
 * The days as a person writes them: a run of three or more as "Monday to Friday", the rest listed,
 * "Monday to Thursday and Saturday".
 */
export function daysInWords(days: readonly Weekday[]): string {
  const ordered = weekdays.filter((day) => days.includes(day));
  const parts: string[] = [];
  for (let i = 0; i < ordered.length; ) {
    let end = i;
    while (
      end + 1 < ordered.length &&
      weekdays.indexOf(ordered[end + 1] as Weekday) === weekdays.indexOf(ordered[end] as Weekday) + 1
    )
      end++;
    if (end - i >= 2) parts.push(`${ordered[i]} to ${ordered[end]}`);
    else parts.push(...ordered.slice(i, end + 1));
    i = end + 1;
  }
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/** "Monday to Friday, 9am to 5pm". */
export const openingHoursInWords = (hours: OpeningHours) =>
  `${daysInWords(hours.days)}, ${timeInWords(hours.opens)} to ${timeInWords(hours.closes)}`;

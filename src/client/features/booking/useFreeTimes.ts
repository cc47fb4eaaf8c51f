import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import { bookingSettings } from '#shared/api/booking.ts';
import type { TimeSlot } from '#shared/booking.ts';
import type { CalendarDate } from '#shared/calendar.ts';

// The calendar's side of choosing a time, shared by the booking modal and the page that moves a call
// (docs/behaviour/booking.md): the calendar's settings, which days of each month shown have a free time,
// and the free times of the day chosen, each with its own "try again" when it could not be loaded.

export type Month = { year: number; month: number };
const monthKey = ({ year, month }: Month) => `${year}-${month}`;
const noDates: ReadonlySet<string> = new Set();

/** Where the free days and times come from; keep each function stable (useCallback) across renders. */
export interface FreeTimesSource {
  /** The one adviser whose calendar is shown, if any. */
  adviser: number | undefined;
  /** The ISO dates of a month (0-based) with a free time. */
  datesOf: (month: Month) => Promise<readonly string[]>;
  timesOf: (day: CalendarDate) => Promise<TimeSlot[]>;
  /** Told of every failed request, for the log. */
  failed?: (error: unknown) => void;
}

export function useFreeTimes({ adviser, datesOf, timesOf, failed }: FreeTimesSource) {
  const [settings, setSettings] = useState<Awaited<ReturnType<typeof loadCalendar>> | null>(null);
  const [settingsFailed, setSettingsFailed] = useState(false);
  /** Per month shown: the ISO dates with a free time, or 'failed' (no day is offered until asked again). */
  const [monthDates, setMonthDates] = useState<ReadonlyMap<string, ReadonlySet<string> | 'failed'>>(
    new Map(),
  );
  const asked = useRef(new Set<string>());
  const [date, setDate] = useState<CalendarDate | null>(null);
  const [times, setTimes] = useState<TimeSlot[] | null>(null);
  const [timesFailed, setTimesFailed] = useState(false);
  const [time, setTime] = useState<TimeSlot | null>(null);
  const request = useRef(0);

  const retrySettings = useCallback(() => {
    setSettingsFailed(false);
    loadCalendar(adviser).then(setSettings, (error) => {
      failed?.(error);
      setSettingsFailed(true);
    });
  }, [adviser, failed]);
  useEffect(retrySettings, [retrySettings]);

  /** Asks once per month shown which of its days have a free time, so no day offered answers "no times". */
  const loadMonth = useCallback(
    (view: Month) => {
      const key = monthKey(view);
      if (asked.current.has(key)) return;
      asked.current.add(key);
      datesOf(view).then(
        (dates) => setMonthDates((known) => new Map(known).set(key, new Set(dates))),
        (error) => {
          failed?.(error);
          // Asked again on Try again or when the month is shown again; meanwhile no day is offered, since
          // a day offered without knowing could answer "no times".
          asked.current.delete(key);
          setMonthDates((known) => new Map(known).set(key, 'failed'));
        },
      );
    },
    [datesOf, failed],
  );

  const retryMonth = (view: Month) => {
    setMonthDates((known) => {
      const next = new Map(known);
      next.delete(monthKey(view));
      return next;
    });
    loadMonth(view);
  };

  /** The month's dates with a free time; none while asking or when the answer failed. */
  const datesWithTimes = (view: Month) => {
    const known = monthDates.get(monthKey(view));
    return known === undefined || known === 'failed' ? noDates : known;
  };
  const monthLoading = (view: Month) => !monthDates.has(monthKey(view));
  const monthFailed = (view: Month) => monthDates.get(monthKey(view)) === 'failed';

  const loadTimes = useCallback(
    async (day: CalendarDate) => {
      const ticket = ++request.current;
      setTimes(null);
      setTimesFailed(false);
      try {
        const slots = await timesOf(day);
        if (ticket === request.current) setTimes(slots);
      } catch (error) {
        // docs/behaviour/booking.md#available-times: the visitor is told and offered a retry, rather
        // than shown the day as full.
        failed?.(error);
        if (ticket === request.current) setTimesFailed(true);
      }
    },
    [timesOf, failed],
  );

  /** Choosing a date reloads the available times and resets the chosen time to none. */
  const chooseDate = (day: CalendarDate) => {
    setDate(day);
    setTime(null);
    void loadTimes(day);
  };

  /** The chosen time was taken meanwhile: none is chosen, and the day's free times are asked again. */
  const retryTimes = () => {
    setTime(null);
    if (date) void loadTimes(date);
  };

  return {
    settings,
    settingsFailed,
    retrySettings,
    loadMonth,
    datesWithTimes,
    monthLoading,
    monthFailed,
    retryMonth,
    date,
    chooseDate,
    times,
    timesFailed,
    retryTimes,
    time,
    setTime,
  };
}

function loadCalendar(adviser: number | undefined) {
  return call(bookingSettings, { query: adviser === undefined ? {} : { adviser: String(adviser) } });
}

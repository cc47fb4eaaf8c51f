import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, call, logHttpFailure, send } from '#client/lib/api-client.ts';
import { useTimedMessage } from '#client/lib/useTimedMessage.ts';
import { visitSource } from '#client/lib/visit-source.ts';
import {
  bookCall,
  bookingSettings,
  datesForMonth,
  timesForDate,
  type VideoLink,
} from '#shared/api/booking.ts';
import {
  type BookCallPayload,
  bookingMessages,
  buildBookCallPayload,
  type TimeSlot,
} from '#shared/booking.ts';
import type { PublicCalendarSettings } from '#shared/booking-settings.ts';
import { botCheckActions, botCheckMessages } from '#shared/bot-check.ts';
import { type CalendarDate, formatLongDate } from '#shared/calendar.ts';
import { type CallBookedDetail, callBookedEvent } from '#shared/call-booked.ts';
import { emailAddressProblem } from '#shared/email.ts';
import { errorMessageMs, successMessageMs } from '#shared/timings.ts';
import { useBotCheck } from '../bot-check/useBotCheck.ts';

/** Refusals whose answer says what the visitor can do: bad input, a failed bot check, a limit reached. */
const explainedRefusals = new Set([403, 422, 429]);

/**
 * Logs a failed request as every public form does: `call` has logged a refusal by its status already; a
 * request that got no answer at all (the network) is logged as any other failure.
 */
function logFailure(error: unknown) {
  if (!(error instanceof ApiError)) logHttpFailure(0);
}

type Month = { year: number; month: number };
const monthKey = ({ year, month }: Month) => `${year}-${month}`;
const noDates: ReadonlySet<string> = new Set();

/** The booking modal's state (docs/behaviour/booking.md#book-a-call-modal): no time chosen, a time chosen, submitted. */
/** `adviser`: the one adviser the visitor asked for (a team member's "Book a call with …"), if any. */
export function useBookCall(initialEmail = '', applicationReference?: string, adviser?: number) {
  const withAdviser = useMemo(() => (adviser === undefined ? {} : { adviser }), [adviser]);
  const [settings, setSettings] = useState<(PublicCalendarSettings & { videoLink: VideoLink }) | null>(null);
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
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState<CallBookedDetail | null>(null);
  const [message, show] = useTimedMessage();
  const request = useRef(0);
  const botCheck = useBotCheck(botCheckActions.booking);
  const { prepare } = botCheck;

  const loadSettings = useCallback(() => {
    setSettingsFailed(false);
    const query = adviser === undefined ? {} : { adviser: String(adviser) };
    call(bookingSettings, { query }).then(setSettings, (error) => {
      logFailure(error);
      setSettingsFailed(true);
    });
  }, [adviser]);
  useEffect(loadSettings, [loadSettings]);

  /** Asks once per month shown which of its days have a free time, so no day offered answers "no times". */
  const loadMonth = useCallback(
    (view: Month) => {
      const key = monthKey(view);
      if (asked.current.has(key)) return;
      asked.current.add(key);
      const body = { year: view.year, month: view.month + 1, apptType: 'initial' as const, ...withAdviser };
      call(datesForMonth, { body }).then(
        ({ availableDates }) => setMonthDates((known) => new Map(known).set(key, new Set(availableDates))),
        (error) => {
          logFailure(error);
          // Asked again on Try again or when the month is shown again; meanwhile no day is offered, since
          // a day offered without knowing could answer "no times".
          asked.current.delete(key);
          setMonthDates((known) => new Map(known).set(key, 'failed'));
        },
      );
    },
    [withAdviser],
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
  // The proof of work runs while the visitor picks a day and a time.
  useEffect(prepare, [prepare]);

  const loadTimes = useCallback(
    async (day: CalendarDate) => {
      const ticket = ++request.current;
      setTimes(null);
      setTimesFailed(false);
      try {
        const slots = await call(timesForDate, {
          body: { year: day.year, month: day.month + 1, day: day.day, apptType: 'initial', ...withAdviser },
        });
        if (ticket === request.current) setTimes(slots);
      } catch (error) {
        // docs/behaviour/booking.md#available-times: logged as every public form logs a failure, and the visitor is
        // told so and offered a retry, rather than shown the day as full.
        logFailure(error);
        if (ticket === request.current) setTimesFailed(true);
      }
    },
    [withAdviser],
  );

  /** Choosing a date reloads the available times and resets the chosen time to none. */
  const chooseDate = (day: CalendarDate) => {
    setDate(day);
    setTime(null);
    void loadTimes(day);
  };

  const retryTimes = () => {
    if (date) void loadTimes(date);
  };

  /** Choosing a time clears a 'Please select a time' still showing. */
  const chooseTime = (slot: TimeSlot) => {
    setTime(slot);
    if (message?.text === bookingMessages.selectTime) show(null);
  };

  /** A chosen day whose times are known to be none, or could not be loaded: there is no time to select. */
  const noTimeToSelect = date !== null && (times?.length === 0 || timesFailed);

  const submit = async () => {
    // The times area already says the day has none (or that they could not be loaded).
    if (noTimeToSelect) return;
    if (!date || !time) return show({ kind: 'error', text: bookingMessages.selectTime }, errorMessageMs);
    const emailProblem = emailAddressProblem(email);
    setEmailError(emailProblem);
    if (emailProblem) return;
    const emailAddress = email.trim();
    setSending(true);
    let recToken: string;
    try {
      recToken = await botCheck.take();
    } catch {
      setSending(false);
      return show({ kind: 'error', text: botCheckMessages.failed });
    }
    const payload: BookCallPayload = {
      ...buildBookCallPayload(date, time, emailAddress),
      ...(applicationReference && { applicationReference }),
      ...withAdviser,
      recToken,
    };
    try {
      await send(bookCall, { body: { ...payload, ...visitSource() } });
      const detail: CallBookedDetail = {
        date: formatLongDate(date),
        time: payload.selectedTimeString,
        email: emailAddress,
        videoLink: settings?.videoLink,
      };
      setBooked(detail);
      show({ kind: 'success', text: bookingMessages.booked }, successMessageMs);
      window.dispatchEvent(new CustomEvent<CallBookedDetail>(callBookedEvent, { detail }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        show({ kind: 'error', text: bookingMessages.slotTaken });
        setTime(null);
        void loadTimes(date);
      } else if (error instanceof ApiError && explainedRefusals.has(error.status)) {
        const explained = error.messages.join(' ');
        if (explained) show({ kind: 'error', text: explained });
        else show({ kind: 'error', text: bookingMessages.connectionProblem }, errorMessageMs);
      } else {
        show({ kind: 'error', text: bookingMessages.connectionProblem }, errorMessageMs);
      }
      // Each token is good for one post: the next one starts now, so a second try need not wait.
      botCheck.prepare();
    } finally {
      setSending(false);
    }
  };

  return {
    settings,
    settingsFailed,
    retrySettings: loadSettings,
    loadMonth,
    datesWithTimes,
    monthLoading,
    monthFailed,
    retryMonth,
    date,
    times,
    timesFailed,
    retryTimes,
    noTimeToSelect,
    time,
    chooseTime,
    chooseDate,
    email,
    setEmail,
    emailError,
    sending,
    booked,
    message,
    submit,
    botCheckContainer: botCheck.container,
  };
}

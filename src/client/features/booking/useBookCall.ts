import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, call } from '#client/lib/api-client.ts';
import { useTimedMessage } from '#client/lib/useTimedMessage.ts';
import { bookCall, bookingSettings, timesForDate } from '#shared/api/booking.ts';
import {
  type BookCallPayload,
  bookingMessages,
  buildBookCallPayload,
  type CallBookedDetail,
  callBookedEvent,
  type TimeSlot,
} from '#shared/booking.ts';
import type { PublicCalendarSettings } from '#shared/booking-settings.ts';
import { botCheckActions, botCheckMessages } from '#shared/bot-check.ts';
import { type CalendarDate, formatLongDate } from '#shared/calendar.ts';
import { emailAddressProblem } from '#shared/email.ts';
import { errorMessageMs, successMessageMs } from '#shared/timings.ts';
import { useBotCheck } from '../bot-check/useBotCheck.ts';

/** Refusals whose answer says what the visitor can do: bad input, a failed bot check, a limit reached. */
const explainedRefusals = new Set([403, 422, 429]);

/** The booking modal's state (docs/behaviour.md#book-a-call-modal): no time chosen, a time chosen, submitted. */
export function useBookCall(initialEmail = '', applicationReference?: string) {
  const [settings, setSettings] = useState<PublicCalendarSettings | null>(null);
  const [date, setDate] = useState<CalendarDate | null>(null);
  const [times, setTimes] = useState<TimeSlot[] | null>(null);
  const [time, setTime] = useState<TimeSlot | null>(null);
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState<CallBookedDetail | null>(null);
  const [message, show] = useTimedMessage();
  const request = useRef(0);
  const botCheck = useBotCheck(botCheckActions.booking);
  const { prepare } = botCheck;

  useEffect(() => {
    call(bookingSettings, {}).then(setSettings, () => {});
  }, []);
  // The proof of work runs while the visitor picks a day and a time.
  useEffect(prepare, [prepare]);

  const loadTimes = useCallback(async (day: CalendarDate) => {
    const ticket = ++request.current;
    setTimes(null);
    try {
      const slots = await call(timesForDate, {
        body: { year: day.year, month: day.month + 1, day: day.day, apptType: 'initial' },
      });
      if (ticket === request.current) setTimes(slots);
    } catch (error) {
      // docs/behaviour.md#available-times: a failure to fetch times is only logged.
      console.error(error);
      if (ticket === request.current) setTimes([]);
    }
  }, []);

  /** Choosing a date reloads the available times and resets the chosen time to none. */
  const chooseDate = (day: CalendarDate) => {
    setDate(day);
    setTime(null);
    void loadTimes(day);
  };

  const submit = async () => {
    if (!date || !time) return show({ kind: 'error', text: bookingMessages.selectTime });
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
      recToken,
    };
    try {
      await call(bookCall, { body: payload });
      const detail = {
        date: formatLongDate(date),
        time: payload.selectedTimeString,
        email: emailAddress,
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
    date,
    times,
    time,
    chooseTime: setTime,
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

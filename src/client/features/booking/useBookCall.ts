import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, call, logHttpFailure, send } from '#client/lib/api-client.ts';
import { useTimedMessage } from '#client/lib/useTimedMessage.ts';
import { visitSource } from '#client/lib/visit-source.ts';
import { bookCall, datesForMonth, timesForDate } from '#shared/api/booking.ts';
import {
  type BookCallPayload,
  bookingMessages,
  buildBookCallPayload,
  type TimeSlot,
} from '#shared/booking.ts';
import { botCheckActions, botCheckMessages } from '#shared/bot-check.ts';
import { type CalendarDate, formatLongDate } from '#shared/calendar.ts';
import { type CallBookedDetail, callBookedEvent } from '#shared/call-booked.ts';
import { emailAddressProblem } from '#shared/email.ts';
import { errorMessageMs, successMessageMs } from '#shared/timings.ts';
import { useBotCheck } from '../bot-check/useBotCheck.ts';
import { type Month, useFreeTimes } from './useFreeTimes.ts';

/** Refusals whose answer says what the visitor can do: bad input, a failed bot check, a limit reached. */
const explainedRefusals = new Set([403, 422, 429]);

/**
 * Logs a failed request as every public form does: `call` has logged a refusal by its status already; a
 * request that got no answer at all (the network) is logged as any other failure.
 */
function logFailure(error: unknown) {
  if (!(error instanceof ApiError)) logHttpFailure(0);
}

/** The booking modal's state (docs/behaviour/booking.md#book-a-call-modal): no time chosen, a time chosen, submitted. */
/** `adviser`: the one adviser the visitor asked for (a team member's "Book a call with …"), if any. */
export function useBookCall(initialEmail = '', applicationReference?: string, adviser?: number) {
  const withAdviser = useMemo(() => (adviser === undefined ? {} : { adviser }), [adviser]);
  const datesOf = useCallback(
    async (view: Month) =>
      (
        await call(datesForMonth, {
          body: { year: view.year, month: view.month + 1, apptType: 'initial', ...withAdviser },
        })
      ).availableDates,
    [withAdviser],
  );
  const timesOf = useCallback(
    (day: CalendarDate) =>
      call(timesForDate, {
        body: { year: day.year, month: day.month + 1, day: day.day, apptType: 'initial', ...withAdviser },
      }),
    [withAdviser],
  );
  const calendar = useFreeTimes({ adviser, datesOf, timesOf, failed: logFailure });
  const { settings, date, times, timesFailed, time, setTime } = calendar;
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState<CallBookedDetail | null>(null);
  const [message, show] = useTimedMessage();
  const botCheck = useBotCheck(botCheckActions.booking);
  const { prepare } = botCheck;
  // The proof of work runs while the visitor picks a day and a time.
  useEffect(prepare, [prepare]);

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
        calendar.retryTimes();
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
    ...calendar,
    noTimeToSelect,
    chooseTime,
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

import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, call, problemsOf } from '#client/lib/api-client.ts';
import {
  type ChangingCall,
  changeCall,
  changeCallDays,
  changeCallTimes,
  changingCall,
} from '#shared/api/booking-changes.ts';
import { slotValue } from '#shared/booking.ts';
import {
  type CalendarDate,
  compareDates,
  formatLongDate,
  formatTime,
  parseIsoDate,
  todayIn,
  toIsoDate,
} from '#shared/calendar.ts';
import { Calendar } from '../calendar/Calendar.tsx';
import { LoadProblem } from './LoadProblem.tsx';
import { type Month, useFreeTimes } from './useFreeTimes.ts';

// The page a confirmation email's "Change the time" link opens (docs/behaviour/booking.md#changing-a-call):
// the public calendar, offering the call's own adviser's free times (its own not in the way), and the
// new time confirmed with a post from this page carrying the link's token.

type Loaded = ChangingCall | 'unknown' | 'failed';

export function ChangeCallForm() {
  const [token, setToken] = useState('');
  const [current, setCurrent] = useState<Loaded | null>(null);

  const load = useCallback((linkToken: string) => {
    setCurrent(null);
    if (!linkToken) return setCurrent('unknown');
    call(changingCall, { body: { token: linkToken } }).then(setCurrent, (error) =>
      setCurrent(error instanceof ApiError && error.status === 404 ? 'unknown' : 'failed'),
    );
  }, []);
  useEffect(() => {
    const linkToken = new URLSearchParams(window.location.search).get('token') ?? '';
    setToken(linkToken);
    load(linkToken);
  }, [load]);

  if (current === null) return <p>Loading your call…</p>;
  if (current === 'failed') return <LoadProblem what="call" onRetry={() => load(token)} />;
  if (current === 'unknown')
    return (
      <div className="change-call">
        <h2>We do not recognise this link</h2>
        <p>Please use the link in the latest email about your call: each change sends a new one.</p>
      </div>
    );
  if (current.state !== 'movable')
    return (
      <div className="change-call">
        <h2>
          {current.state === 'cancelled' ? 'This call is cancelled' : 'This call has already taken place'}
        </h2>
        <p>
          It was on {current.when}, and cannot be moved. <a href="/">Book another call</a>.
        </p>
      </div>
    );
  return <NewTimeForm token={token} call={current} />;
}

function NewTimeForm({ token, call: current }: { token: string; call: ChangingCall }) {
  const datesOf = useCallback(
    async (month: Month) =>
      (await call(changeCallDays, { body: { token, year: month.year, month: month.month + 1 } }))
        .availableDates,
    [token],
  );
  const timesOf = useCallback(
    (day: CalendarDate) =>
      call(changeCallTimes, { body: { token, year: day.year, month: day.month + 1, day: day.day } }),
    [token],
  );
  const calendar = useFreeTimes({ adviser: current.adviser ?? undefined, datesOf, timesOf });
  const { settings, date, times, timesFailed, time, setTime, loadMonth } = calendar;
  const [view, setView] = useState<Month | null>(null);
  const [focused, setFocused] = useState<CalendarDate | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [moved, setMoved] = useState<string | null>(null);
  const done = useRef<HTMLDivElement>(null);

  const today = settings ? todayIn(settings.timeZone) : null;
  // The calendar opens on the call's own month, where the visitor is most likely to look first.
  const callDay = parseIsoDate(current.date);
  const shown = view ?? (today && callDay && compareDates(callDay, today) > 0 ? callDay : today);
  const shownKey = shown && `${shown.year}-${shown.month}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when the month shown changes
  useEffect(() => {
    if (shown) loadMonth(shown);
  }, [shownKey, loadMonth]);

  useEffect(() => {
    if (moved) done.current?.focus();
  }, [moved]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!date || !time) return setProblem('Please select a time');
    setSending(true);
    setProblem(null);
    try {
      await call(changeCall, { body: { token, date: toIsoDate(date), time: slotValue(time) } });
      setMoved(`${formatLongDate(date)} at ${formatTime(time.startHour, time.startMinute)}`);
    } catch (error) {
      setProblem(problemsOf(error).join(' ') || 'There was a connection problem. Please try again.');
      if (error instanceof ApiError && error.status === 409) calendar.retryTimes();
    } finally {
      setSending(false);
    }
  };

  if (moved)
    return (
      <div className="change-call booking-done" ref={done} tabIndex={-1}>
        <p>
          Your call has moved to <strong>{moved}</strong>. We have emailed you the new time and an updated
          invitation for your calendar.
        </p>
      </div>
    );

  return (
    <form className="booking change-call" onSubmit={submit} noValidate>
      <p>
        Your call{current.adviserName && ` with ${current.adviserName}`} is on <strong>{current.when}</strong>
        . Choose a new day, then a time (UK time).
      </p>
      <div className="booking__calendar">
        {settings && today && shown ? (
          <>
            <Calendar
              today={today}
              settings={settings}
              view={shown}
              onViewChange={setView}
              selected={date}
              onSelect={calendar.chooseDate}
              focused={focused}
              onFocusChange={setFocused}
              offeredDates={calendar.datesWithTimes(shown)}
              loading={calendar.monthLoading(shown)}
            />
            {calendar.monthFailed(shown) && (
              <LoadProblem what="days" onRetry={() => calendar.retryMonth(shown)} />
            )}
          </>
        ) : calendar.settingsFailed ? (
          <LoadProblem what="calendar" onRetry={calendar.retrySettings} />
        ) : (
          <p>Loading the calendar…</p>
        )}
      </div>
      <fieldset className="booking__times" aria-busy={date !== null && times === null && !timesFailed}>
        <legend>{date ? 'Available times' : 'Choose a day to see the times'}</legend>
        {date && times?.length === 0 && <p>No times are free on this day. Please choose another day.</p>}
        {date && timesFailed && <LoadProblem what="times" onRetry={calendar.retryTimes} />}
        <div className="booking__slots">
          {times?.map((slot) => {
            const label = formatTime(slot.startHour, slot.startMinute);
            return (
              <label key={label} className="slot">
                <input
                  type="radio"
                  name="time"
                  checked={time?.startHour === slot.startHour && time?.startMinute === slot.startMinute}
                  onChange={() => {
                    setTime(slot);
                    setProblem(null);
                  }}
                />
                <span>{label}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <button type="submit" className="button" disabled={sending} aria-disabled={sending}>
        {sending ? 'Moving…' : 'Move my call'}
      </button>
      <p className={`form-message form-message--${problem ? 'error' : 'none'}`} role="status">
        {problem}
      </p>
    </form>
  );
}

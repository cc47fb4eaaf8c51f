import { type FormEvent, useEffect, useId, useState } from 'react';
import { call, problemText } from '#client/lib/api-client.ts';
import {
  callFreeAdvisers,
  callFreeTimes,
  reassignCall,
  rescheduleCall,
} from '#shared/api/booking-changes.ts';
import { slotValue, type TimeSlot } from '#shared/booking.ts';
import { formatTime } from '#shared/calendar.ts';

/**
 * A confirmed call's changes on its page (docs/behaviour/booking.md#changing-a-call): another free time on a
 * chosen day, by the public calendar's rules, or another adviser free at its time. `onChanged` shows the
 * call as it now is, with what was done.
 */
export function CallChanges({
  reference,
  localDate,
  localTime,
  onChanged,
}: {
  reference: string;
  localDate: string;
  /** HH:MM: the call's time now, marked among the day's free times and not offered. */
  localTime: string;
  onChanged: (done: string) => Promise<void>;
}) {
  return (
    <section aria-labelledby="call-changes-title" className="bo-call-changes">
      <h2 id="call-changes-title">Change the call</h2>
      <NewTime reference={reference} now={{ day: localDate, time: localTime }} onChanged={onChanged} />
      <NewAdviser reference={reference} onChanged={onChanged} />
    </section>
  );
}

function NewTime({
  reference,
  now,
  onChanged,
}: {
  reference: string;
  now: { day: string; time: string };
  onChanged: (done: string) => Promise<void>;
}) {
  const dateId = useId();
  const [day, setDay] = useState(now.day);
  const [times, setTimes] = useState<TimeSlot[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setTimes(null);
    setChosen(null);
    // What was said about the last day chosen is not about this one.
    setProblem(null);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    call(callFreeTimes, { params: { reference }, query: { date: day } }).then(
      (answer) => current && setTimes(answer.times),
      (error) => current && setProblem(problemText(error)),
    );
    return () => {
      current = false;
    };
  }, [day, reference]);

  const move = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!chosen) return setProblem('Choose a time to move the call to.');
    try {
      const answer = await call(rescheduleCall, {
        params: { reference },
        body: { date: day, time: chosen },
      });
      await onChanged(answer.infoMessages.join(' '));
    } catch (error) {
      setProblem(problemText(error));
    }
  };

  return (
    <form className="bo-inline-form bo-call-change" onSubmit={move}>
      <label htmlFor={dateId}>New day</label>
      <input id={dateId} type="date" value={day} onChange={(event) => setDay(event.target.value)} />
      <fieldset className="bo-call-times" aria-busy={times === null}>
        <legend>Free times</legend>
        {times?.length === 0 && <p>No times are free on this day.</p>}
        {times?.map((slot) => {
          const value = slotValue(slot);
          const itsTime = day === now.day && value === now.time;
          return (
            <label key={value} className="bo-call-time">
              <input
                type="radio"
                name="new-time"
                value={value}
                checked={chosen === value}
                disabled={itsTime}
                onChange={() => setChosen(value)}
              />{' '}
              {formatTime(slot.startHour, slot.startMinute)}
              {itsTime && ' (its time now)'}
            </label>
          );
        })}
      </fieldset>
      <button type="submit" className="button">
        Move the call
      </button>
      {problem && (
        <p className="bo-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function NewAdviser({
  reference,
  onChanged,
}: {
  reference: string;
  onChanged: (done: string) => Promise<void>;
}) {
  const [advisers, setAdvisers] = useState<{ id: number; name: string }[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    call(callFreeAdvisers, { params: { reference } }).then(
      (answer) => {
        setAdvisers(answer.advisers);
        setChosen(String(answer.advisers[0]?.id ?? ''));
      },
      () => setAdvisers([]),
    );
  }, [reference]);

  if (!advisers || advisers.length === 0) return null;
  const give = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const answer = await call(reassignCall, {
        params: { reference },
        body: { adviser: Number(chosen) },
      });
      await onChanged(answer.infoMessages.join(' '));
    } catch (error) {
      setProblem(problemText(error));
    }
  };
  return (
    <form className="bo-inline-form bo-call-change" onSubmit={give}>
      <label>
        Another adviser free then
        <select value={chosen} onChange={(event) => setChosen(event.target.value)}>
          {advisers.map((adviser) => (
            <option key={adviser.id} value={adviser.id}>
              {adviser.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button">
        Give the call to them
      </button>
      {problem && (
        <p className="bo-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

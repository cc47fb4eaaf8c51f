import { useEffect, useRef } from 'react';
import { FieldError } from '#client/lib/FieldError.tsx';
import { dayLabel, periodLabel } from '#shared/availability-words.ts';
import { weekdayNames } from '#shared/calendar.ts';
import { type Hours, type HoursEvent, hoursStep, periodsAtFault } from './working-hours.ts';

/**
 * The working hours, a weekday at a time: each period a pair of time controls, added and removed by
 * buttons. A day without periods is closed, which is the one way to close it; ticking Closed empties the
 * day, and unticking brings back what it had. `problems` are the server's refusals in words, each shown
 * beside the day or the period it names ("Wednesday, first period: …").
 */
export function WorkingHours({
  hours,
  onChange,
  problems,
}: {
  hours: Hours;
  onChange: (hours: Hours) => void;
  problems: readonly string[];
}) {
  // The periods of a day just closed, so that opening it again gives them back.
  const closedWith = useRef<Partial<Hours>>({});
  // Adding or removing a period moves the keyboard focus to where the work goes on (the new period's
  // start; the period before the one removed, else the day's Add button), once the day has re-rendered.
  const controls = useRef(new Map<string, HTMLElement>());
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    controls.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const control = (id: string) => (element: HTMLElement | null) => {
    if (element) controls.current.set(id, element);
    else controls.current.delete(id);
  };
  const change = (event: HoursEvent) => {
    const next = hoursStep({ hours, closedWith: closedWith.current }, event);
    closedWith.current = next.closedWith;
    focusNext.current = next.focus;
    onChange(next.hours);
  };
  const problemsAbout = (prefix: string) => problems.filter((problem) => problem.startsWith(prefix));

  return (
    <fieldset className="bo-hours">
      <legend>Working hours</legend>
      <p className="field__hint">Times are in the time zone below. A day without hours is closed.</p>
      {weekdayNames.map((day) => {
        const periods = hours[day];
        const name = dayLabel(day);
        const dayProblem = problemsAbout(`${name}:`).join(' ');
        const dayErrorId = `hours-${day}-error`;
        const faulty = dayProblem ? periodsAtFault(periods) : new Set<number>();
        return (
          <fieldset key={day} className="bo-day" aria-describedby={dayProblem ? dayErrorId : undefined}>
            <legend>{name}</legend>
            <FieldError id={dayErrorId} error={dayProblem} />
            <label className="bo-check">
              <input
                type="checkbox"
                checked={periods.length === 0}
                onChange={(event) => change({ type: event.target.checked ? 'close' : 'open', day })}
              />
              <span className="visually-hidden">{name} </span>
              Closed
            </label>
            {periods.length > 0 && (
              <ol className="bo-periods">
                {periods.map((period, index) => {
                  const where = `${name}, ${periodLabel(index)}`;
                  const problem = problemsAbout(`${where}:`).join(' ');
                  const errorId = `hours-${day}-${index}-error`;
                  const describedBy = [faulty.has(index) ? dayErrorId : '', problem ? errorId : ''].filter(
                    Boolean,
                  );
                  const time = (end: 'start' | 'end') => (
                    <label>
                      <span className="visually-hidden">{where}, </span>
                      {end === 'start' ? 'Start' : 'End'}
                      <input
                        ref={end === 'start' ? control(`${day}-${index}-start`) : undefined}
                        type="time"
                        value={period[end]}
                        aria-invalid={describedBy.length > 0 ? true : undefined}
                        aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
                        onChange={(event) =>
                          change({ type: 'time', day, index, end, value: event.target.value })
                        }
                      />
                    </label>
                  );
                  return (
                    // A period has no identity but its place: the fields follow it.
                    // biome-ignore lint/suspicious/noArrayIndexKey: periods are only added at the end or removed
                    <li key={index}>
                      {time('start')}
                      {time('end')}
                      <button
                        ref={control(`${day}-${index}-remove`)}
                        type="button"
                        className="button button--secondary"
                        onClick={() => change({ type: 'remove', day, index })}
                      >
                        Remove<span className="visually-hidden"> {where}</span>
                      </button>
                      <FieldError id={errorId} error={problem} />
                    </li>
                  );
                })}
              </ol>
            )}
            <button
              ref={control(`${day}-add`)}
              type="button"
              className="button button--secondary"
              onClick={() => change({ type: 'add', day })}
            >
              Add a period<span className="visually-hidden"> to {name}</span>
            </button>
          </fieldset>
        );
      })}
    </fieldset>
  );
}

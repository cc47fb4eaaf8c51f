import { useEffect, useRef } from 'react';
import { FieldError } from '#client/lib/FieldError.tsx';
import { dayLabel, periodLabel } from '#shared/availability-words.ts';
import type { AvailabilitySettings } from '#shared/booking-settings.ts';
import { type WeekdayName, weekdayNames } from '#shared/calendar.ts';

type Hours = AvailabilitySettings['workingHours'];
type Period = Hours[WeekdayName][number];

const officeHours: Period = { start: '09:00', end: '17:00' };

/** "17:00" plus an hour, or the last minute of the day. */
function hourAfter(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const minute = Math.min(hours * 60 + minutes + 60, 23 * 60 + 59);
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** A new period: office hours on an empty day, else the hour after the day's last period. */
function nextPeriod(periods: readonly Period[]): Period {
  const last = periods.at(-1);
  if (!last?.end) return officeHours;
  return { start: last.end, end: hourAfter(last.end) };
}

/**
 * The periods a refusal of the whole day points at: those ending before they start and those that
 * overlap another; every period when neither is found (the day changed since it was refused).
 */
function periodsAtFault(periods: readonly Period[]): Set<number> {
  const faulty = new Set<number>();
  periods.forEach((period, index) => {
    if (period.start && period.end && period.start >= period.end) faulty.add(index);
    periods.forEach((other, otherIndex) => {
      const bothRunForward = period.start < period.end && other.start < other.end;
      if (otherIndex !== index && bothRunForward && period.start < other.end && other.start < period.end)
        faulty.add(index);
    });
  });
  return faulty.size > 0 ? faulty : new Set(periods.keys());
}

/**
 * The refusals in the order the form shows them: the working hours by weekday, the day's own before its
 * periods', periods in order; then the other settings as they came.
 */
export function inWeekOrder(problems: readonly string[]): string[] {
  const lastPlace = (weekdayNames.length + 1) * 1000;
  const place = (problem: string) => {
    const day = weekdayNames.findIndex((name) =>
      [':', ','].some((after) => problem.startsWith(`${dayLabel(name)}${after}`)),
    );
    const name = weekdayNames[day];
    if (name === undefined) return lastPlace;
    const rest = problem.slice(dayLabel(name).length);
    if (rest.startsWith(':')) return day * 1000;
    let period = 0;
    while (period < 999 && !rest.startsWith(`, ${periodLabel(period)}:`)) period++;
    return day * 1000 + period + 1;
  };
  return problems
    .map((problem, index) => ({ problem, index, place: place(problem) }))
    .sort((a, b) => a.place - b.place || a.index - b.index)
    .map(({ problem }) => problem);
}

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
  const setDay = (day: WeekdayName, periods: Period[]) => onChange({ ...hours, [day]: periods });
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
                onChange={(event) => {
                  if (event.target.checked) {
                    closedWith.current[day] = periods;
                    setDay(day, []);
                  } else {
                    setDay(day, closedWith.current[day]?.length ? closedWith.current[day] : [officeHours]);
                  }
                }}
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
                          setDay(
                            day,
                            periods.map((p, i) => (i === index ? { ...p, [end]: event.target.value } : p)),
                          )
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
                        onClick={() => {
                          const left = periods.length - 1;
                          focusNext.current =
                            left === 0 ? `${day}-add` : `${day}-${Math.max(index - 1, 0)}-remove`;
                          setDay(
                            day,
                            periods.filter((_, i) => i !== index),
                          );
                        }}
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
              onClick={() => {
                focusNext.current = `${day}-${periods.length}-start`;
                setDay(day, [...periods, nextPeriod(periods)]);
              }}
            >
              Add a period<span className="visually-hidden"> to {name}</span>
            </button>
          </fieldset>
        );
      })}
    </fieldset>
  );
}

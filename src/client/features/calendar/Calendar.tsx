import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import {
  addDays,
  addMonths,
  type CalendarDate,
  type CalendarSettings,
  canGoToNextMonth,
  canGoToPreviousMonth,
  compareDates,
  daysInMonth,
  formatLongDate,
  isSelectable,
  monthGrid,
  monthTitle,
  toIsoDate,
  weekdayAbbreviations,
  weekdayIndex,
  weekdayNames,
} from '#shared/calendar.ts';

export interface CalendarProps {
  today: CalendarDate;
  settings: CalendarSettings;
  view: { year: number; month: number };
  onViewChange: (view: { year: number; month: number }) => void;
  selected: CalendarDate | null;
  onSelect: (date: CalendarDate) => void;
  /**
   * The day the visitor put keyboard focus on (roving tabindex), moved by the arrow keys and clicks; null
   * (or a day of another month) leaves the grid's one tab stop on the first day that can be chosen.
   */
  focused: CalendarDate | null;
  onFocusChange: (date: CalendarDate | null) => void;
  /**
   * For a calendar whose days also depend on the server (the booking calendar): the shown month's ISO
   * dates that can be chosen, or undefined to let the settings alone decide.
   */
  offeredDates?: ReadonlySet<string>;
  /** While the shown month's offered dates are being asked for, no day can be chosen. */
  loading?: boolean;
}

const sameDay = (a: CalendarDate | null, b: CalendarDate) => a !== null && compareDates(a, b) === 0;

/**
 * A month calendar, Monday first, following the ARIA grid pattern: arrow keys move a day or a week,
 * Home/End to the week's ends, Page Up/Down a month, Enter or Space chooses.
 */
export function Calendar(props: CalendarProps) {
  const { today, settings, view, selected } = props;
  const titleId = useId();
  const grid = useRef<HTMLTableElement>(null);
  const keyboardMoved = useRef(false);
  const canBack = canGoToPreviousMonth(view, today, settings);
  const canForward = canGoToNextMonth(view, today, settings);
  const days = monthDays(view);
  const isAvailable = (date: CalendarDate) =>
    !props.loading &&
    isSelectable(date, today, settings) &&
    (props.offeredDates?.has(toIsoDate(date)) ?? true);
  const focused = tabStop(props.focused, selected, days, isAvailable, today, settings);

  useEffect(() => {
    if (!keyboardMoved.current) return;
    keyboardMoved.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });

  const moveFocus = (date: CalendarDate) => {
    const target = { year: date.year, month: date.month };
    if (target.year !== view.year || target.month !== view.month) {
      const back = target.year * 12 + target.month < view.year * 12 + view.month;
      if (back ? !canBack : !canForward) return;
      props.onViewChange(target);
    }
    keyboardMoved.current = true;
    props.onFocusChange(date);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => CalendarDate> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -weekdayIndex(focused)),
      End: () => addDays(focused, 6 - weekdayIndex(focused)),
      PageUp: () => clampToMonth(addMonths(focused, -1), focused.day),
      PageDown: () => clampToMonth(addMonths(focused, 1), focused.day),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus(move());
  };

  // A month turned by its button starts again at its first day that can be chosen.
  const changeMonth = (months: number) => {
    props.onViewChange(addMonths(view, months));
    props.onFocusChange(null);
  };

  return (
    <div className="calendar">
      <div className="calendar__header">
        <button
          type="button"
          className="calendar__nav"
          aria-label="Previous month"
          disabled={!canBack}
          onClick={() => changeMonth(-1)}
        >
          ‹
        </button>
        <h3 id={titleId} className="calendar__title" aria-live="polite">
          {monthTitle(view)}
        </h3>
        <button
          type="button"
          className="calendar__nav"
          aria-label="Next month"
          disabled={!canForward}
          onClick={() => changeMonth(1)}
        >
          ›
        </button>
      </div>
      <table
        ref={grid}
        className="calendar__grid"
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA APG date picker's grid is a table with role=grid
        role="grid"
        aria-labelledby={titleId}
        aria-busy={props.loading || undefined}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {weekdayAbbreviations.map((abbreviation, i) => (
              <th key={abbreviation} scope="col" abbr={weekdayNames[i]}>
                {abbreviation}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(view.year, view.month).map((week) => (
            <tr key={week.find(Boolean)?.day}>
              {week.map((date, i) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: a blank cell's position in its week is its identity
                if (!date) return <td key={`blank-${i}`} />;
                const available = isAvailable(date);
                const isSelected = sameDay(selected, date);
                return (
                  // A cell of a table with role=grid is a gridcell already (naming the role again is invalid
                  // HTML), and a gridcell takes aria-selected.
                  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the linter does not see the grid around the cell
                  <td key={date.day} aria-selected={isSelected}>
                    <button
                      type="button"
                      className="calendar__day"
                      tabIndex={sameDay(focused, date) ? 0 : -1}
                      aria-disabled={!available}
                      aria-label={`${formatLongDate(date)}${available ? '' : ', not available'}`}
                      aria-current={sameDay(today, date) ? 'date' : undefined}
                      data-date={`${date.year}-${date.month + 1}-${date.day}`}
                      // Whichever day has focus (Tab, a click, a script) is where the arrow keys start.
                      onFocus={() => {
                        if (!sameDay(props.focused, date)) props.onFocusChange(date);
                      }}
                      onClick={() => {
                        props.onFocusChange(date);
                        if (available) props.onSelect(date);
                      }}
                    >
                      {date.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function monthDays(view: { year: number; month: number }): CalendarDate[] {
  return Array.from({ length: daysInMonth(view.year, view.month) }, (_, i) => ({ ...view, day: i + 1 }));
}

const inMonth = (date: CalendarDate | null, days: CalendarDate[]) =>
  date !== null && days.some((day) => sameDay(date, day));

/**
 * The grid's one tab stop: the day the visitor moved to, else the chosen day, else the first day that can
 * be chosen (while the month's free days are still being asked for, the first the settings allow), else
 * today, else the month's first day. Never a closed day the visitor did not move to themselves.
 */
function tabStop(
  focused: CalendarDate | null,
  selected: CalendarDate | null,
  days: CalendarDate[],
  isAvailable: (date: CalendarDate) => boolean,
  today: CalendarDate,
  settings: CalendarSettings,
): CalendarDate {
  if (focused && inMonth(focused, days)) return focused;
  if (selected && inMonth(selected, days)) return selected;
  return (
    days.find(isAvailable) ??
    days.find((day) => isSelectable(day, today, settings)) ??
    (inMonth(today, days) ? today : (days[0] as CalendarDate))
  );
}

function clampToMonth(view: { year: number; month: number }, day: number): CalendarDate {
  return { year: view.year, month: view.month, day: Math.min(day, daysInMonth(view.year, view.month)) };
}

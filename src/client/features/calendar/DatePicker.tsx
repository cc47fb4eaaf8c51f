import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '#client/lib/FieldError.tsx';
import {
  type CalendarDate,
  type CalendarSettings,
  compareDates,
  formatDayMonthYear,
  formatLongDate,
  isSelectable,
  parseIsoDate,
  parseTypedDate,
  todayIn,
  toIsoDate,
} from '#shared/calendar.ts';
import { Calendar } from './Calendar.tsx';

export interface DatePickerProps {
  label: string;
  /** The chosen date as YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Submits the value (YYYY-MM-DD) with a form under this name. */
  name?: string;
  required?: boolean;
  /** Which dates can be chosen; by default any. */
  settings?: CalendarSettings;
  /** Defaults to today in the browser's time zone. */
  today?: CalendarDate;
  /** A message from the form's own validation (for example a required date left blank). */
  error?: string;
  /** Told what is wrong with a typed date it could not take (null once it is put right), so that the
   * form can refuse to submit the empty value the field keeps meanwhile. */
  onTypingError?: (message: string | null) => void;
  /**
   * For a filter: a complete, valid date typed applies once typing pauses for `delayMs`, as a search
   * does; text left in the field that is not a date clears the value (so nothing is filtered by a date
   * no longer on screen) and its error adds `whenUnreadable`.
   */
  applyAsTyped?: { delayMs: number; whenUnreadable: string };
}

const anyDate: CalendarSettings = { pastDateAllowed: true, maxDaysOffered: 0, ignoreDays: [] };

/**
 * The generic date picker (docs/behaviour/site-and-pages.md#generic-date-picker): a text field for typing the date as day/month/year and a button that
 * opens the month calendar in a modal dialog, as in the WAI-ARIA APG date picker dialog. Choosing a day
 * fills the field and returns focus to the button; Escape or Close leave the value as it was.
 */
export function DatePicker(props: DatePickerProps) {
  const { label, value, settings = anyDate } = props;
  const today = props.today ?? todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const chosen = parseIsoDate(value);
  // What the visitor is typing, until it is committed; null shows the value itself.
  const [draft, setDraft] = useState<string | null>(null);
  const [typingError, showTypingError] = useState<string | null>(null);
  const setTypingError = (message: string | null) => {
    showTypingError(message);
    props.onTypingError?.(message);
  };
  const [open, setOpen] = useState(false);
  const [view, setView] = useState({ year: today.year, month: today.month });
  const [focused, setFocused] = useState<CalendarDate | null>(today);
  const error = typingError ?? props.error;
  const typingPause = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typingPause.current), []);

  useEffect(() => {
    if (!open) return;
    dialog.current?.showModal();
    dialog.current?.querySelector<HTMLButtonElement>('.calendar__grid button[tabindex="0"]')?.focus();
  }, [open]);

  const commit = (date: CalendarDate | null) => {
    setDraft(null);
    setTypingError(null);
    props.onChange(date ? toIsoDate(date) : '');
  };

  /** Reads what was typed; answers whether it was a date that can be chosen (or nothing). */
  const commitTyped = (typed: string | null = draft): boolean => {
    if (typed === null) return true;
    if (typed.trim() === '') {
      commit(null);
      return true;
    }
    clearTimeout(typingPause.current);
    const date = parseTypedDate(typed);
    if (!date) {
      const unreadable = `${label} must be a date written as day/month/year, for example 23/11/2026`;
      if (props.applyAsTyped) {
        setTypingError(`${unreadable}. ${props.applyAsTyped.whenUnreadable}`);
        if (value) props.onChange('');
      } else setTypingError(unreadable);
      return false;
    }
    if (!settings.pastDateAllowed && compareDates(date, today) < 0) {
      setTypingError(`${label}: ${formatLongDate(date)} has passed; choose today or a later date`);
      return false;
    }
    if (!isSelectable(date, today, settings)) {
      setTypingError(`${label}: ${formatLongDate(date)} cannot be chosen`);
      return false;
    }
    commit(date);
    return true;
  };

  const openCalendar = () => {
    const start = chosen ?? parseTypedDate(draft ?? '') ?? today;
    setView({ year: start.year, month: start.month });
    setFocused(start);
    setOpen(true);
  };

  const closeCalendar = () => dialog.current?.close();

  /** Keeps what is typed; with applyAsTyped, a whole date (or an emptied field) applies after a pause. */
  const type = (text: string) => {
    setDraft(text);
    clearTimeout(typingPause.current);
    const { applyAsTyped } = props;
    if (!applyAsTyped) return;
    typingPause.current = setTimeout(() => {
      const date = parseTypedDate(text);
      if (text.trim() === '') props.onChange('');
      else if (date && isSelectable(date, today, settings)) {
        setTypingError(null);
        props.onChange(toIsoDate(date));
      } else if (/\d{4}$/.test(text.trim())) {
        // It ends in a year, so it is finished rather than half typed, yet it is no date that can be
        // taken: say so now, and stop filtering by the date it replaced.
        commitTyped(text);
      }
    }, applyAsTyped.delayMs);
  };

  const onInputKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !commitTyped()) event.preventDefault();
    if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault();
      openCalendar();
    }
  };

  // A click on the backdrop lands on the dialog element itself (its content fills it to the edges).
  const onDialogClick = (event: MouseEvent) => {
    if (event.target === dialog.current) closeCalendar();
  };

  return (
    <div className={`field date-picker${open ? ' date-picker--open' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="field__hint">
        Day/month/year, for example 23/11/2026
      </p>
      <FieldError id={`${id}-error`} error={error} />
      <div className="date-picker__control">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={draft ?? (chosen ? formatDayMonthYear(chosen) : '')}
          required={props.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
          onChange={(event) => type(event.target.value)}
          onBlur={() => commitTyped()}
          onKeyDown={onInputKeyDown}
        />
        <button
          ref={toggle}
          type="button"
          className="date-picker__toggle"
          aria-haspopup="dialog"
          aria-label={chosen ? `Change ${label}, ${formatLongDate(chosen)}` : `Choose ${label}`}
          onClick={openCalendar}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <rect
              x="3"
              y="5"
              width="18"
              height="16"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      {props.name && <input type="hidden" name={props.name} value={value} />}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard equivalent is Escape, native to a modal dialog */}
      <dialog
        ref={dialog}
        className="date-picker__dialog"
        aria-label={`Choose ${label}`}
        onClose={() => {
          setOpen(false);
          toggle.current?.focus();
        }}
        onClick={onDialogClick}
      >
        {open && (
          <div className="date-picker__panel">
            <Calendar
              today={today}
              settings={settings}
              view={view}
              onViewChange={setView}
              selected={chosen}
              onSelect={(date) => {
                commit(date);
                closeCalendar();
              }}
              focused={focused}
              onFocusChange={setFocused}
            />
            <button type="button" className="button button--secondary" onClick={closeCalendar}>
              Close
            </button>
          </div>
        )}
      </dialog>
    </div>
  );
}

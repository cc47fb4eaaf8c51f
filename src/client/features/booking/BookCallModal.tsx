import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '#client/lib/FieldError.tsx';
import { Modal } from '#client/lib/Modal.tsx';
import { type CalendarDate, formatTime, todayIn } from '#shared/calendar.ts';
import { Calendar } from '../calendar/Calendar.tsx';
import { LoadProblem } from './LoadProblem.tsx';
import { revealTimes } from './reveal-times.ts';
import { useBookCall } from './useBookCall.ts';
import { videoLinkMessage } from './video-link.ts';

/** The adviser a visitor asked to speak to, as a team section names them. */
export interface ChosenAdviser {
  id: number;
  name: string;
}

export interface BookCallModalProps {
  onClose: () => void;
  /** Only this adviser's times are offered, and the call is theirs. */
  adviser?: ChosenAdviser | undefined;
  initialEmail?: string;
  /** The questionnaire the call is booked from, sent with the booking so the two are linked. */
  applicationReference?: string;
}

/** The book-a-call modal (docs/behaviour/booking.md#book-a-call-modal). */
export default function BookCallModal({
  onClose,
  initialEmail,
  applicationReference,
  adviser,
}: BookCallModalProps) {
  const emailId = useId();
  const booking = useBookCall(initialEmail, applicationReference, adviser?.id);
  const { settings, date, times, time, loadMonth } = booking;
  const done = useRef<HTMLDivElement>(null);
  const timesArea = useRef<HTMLFieldSetElement>(null);

  const today = settings ? todayIn(settings.timeZone) : null;
  const [view, setView] = useState<{ year: number; month: number } | null>(null);
  const [focused, setFocused] = useState<CalendarDate | null>(null);
  const shownView = view ?? today;

  // One request per month shown: which of its days have a free time.
  const viewKey = shownView && `${shownView.year}-${shownView.month}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when the month shown changes
  useEffect(() => {
    if (shownView) loadMonth(shownView);
  }, [viewKey, loadMonth]);

  // Focus follows the visitor to the confirmation, which replaces the form they were in.
  useEffect(() => {
    if (booking.booked) done.current?.focus();
  }, [booking.booked]);

  // On a narrow screen the times load below the calendar, out of sight: bring them up once they are in
  // (or known to be none, or failed), so the visitor sees the answer to the day they chose.
  useEffect(() => {
    if (date && (times !== null || booking.timesFailed)) revealTimes(timesArea.current);
  }, [date, times, booking.timesFailed]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // With no time to select, the times area says why: show it again rather than ask for a time.
    if (booking.noTimeToSelect) revealTimes(timesArea.current);
    void booking.submit();
  };

  return (
    <Modal title="Book an initial call" onClose={onClose}>
      {booking.booked ? (
        <div className="booking-done" ref={done} tabIndex={-1}>
          <p>
            Your call is booked for <strong>{booking.booked.date}</strong> at{' '}
            <strong>{booking.booked.time}</strong>. We have emailed the details and a calendar invitation to{' '}
            {booking.booked.email}.
          </p>
          <p>{videoLinkMessage(booking.booked.videoLink, booking.booked.email)}.</p>
        </div>
      ) : (
        <form className="booking" onSubmit={onSubmit} noValidate>
          <p className="booking__intro">
            A free {settings?.callMinutes ?? 30}-minute video call{adviser && ` with ${adviser.name}`}. Choose
            a day, then a time (UK time).
          </p>
          <div className="booking__calendar">
            {settings && today && shownView ? (
              <>
                <Calendar
                  today={today}
                  settings={settings}
                  view={shownView}
                  onViewChange={setView}
                  selected={date}
                  onSelect={booking.chooseDate}
                  focused={focused}
                  onFocusChange={setFocused}
                  offeredDates={booking.datesWithTimes(shownView)}
                  loading={booking.monthLoading(shownView)}
                />
                {booking.monthFailed(shownView) && (
                  <LoadProblem what="days" onRetry={() => booking.retryMonth(shownView)} />
                )}
              </>
            ) : booking.settingsFailed ? (
              <LoadProblem what="calendar" onRetry={booking.retrySettings} />
            ) : (
              <p>Loading the calendar…</p>
            )}
          </div>
          <fieldset
            ref={timesArea}
            className="booking__times"
            aria-busy={date !== null && times === null && !booking.timesFailed}
          >
            <legend>{date ? 'Available times' : 'Choose a day to see the times'}</legend>
            {date && times?.length === 0 && <p>No times are free on this day. Please choose another day.</p>}
            {date && booking.timesFailed && <LoadProblem what="times" onRetry={booking.retryTimes} />}
            <div className="booking__slots">
              {times?.map((slot) => {
                const label = formatTime(slot.startHour, slot.startMinute);
                return (
                  <label key={label} className="slot">
                    <input
                      type="radio"
                      name="selectedValue"
                      checked={time?.startHour === slot.startHour && time?.startMinute === slot.startMinute}
                      onChange={() => booking.chooseTime(slot)}
                    />
                    <span>{label}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="field">
            <label htmlFor={emailId}>Email address</label>
            <FieldError id={`${emailId}-error`} error={booking.emailError} />
            <input
              id={emailId}
              type="email"
              name="emailAddress"
              autoComplete="email"
              value={booking.email}
              aria-invalid={booking.emailError ? true : undefined}
              aria-describedby={booking.emailError ? `${emailId}-error` : undefined}
              onChange={(event) => booking.setEmail(event.target.value)}
            />
          </div>
          <div ref={booking.botCheckContainer} />
          <button type="submit" className="button" disabled={booking.sending} aria-disabled={booking.sending}>
            {booking.sending ? 'Booking…' : 'Book my call'}
          </button>
        </form>
      )}
      <p className={`form-message form-message--${booking.message?.kind ?? 'none'}`} role="status">
        {booking.message?.text}
      </p>
    </Modal>
  );
}

import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '#client/lib/FieldError.tsx';
import { Modal } from '#client/lib/Modal.tsx';
import { type CalendarDate, formatTime, todayIn } from '#shared/calendar.ts';
import { Calendar } from '../calendar/Calendar.tsx';
import { useBookCall } from './useBookCall.ts';
import './booking.css';

export interface BookCallModalProps {
  onClose: () => void;
  initialEmail?: string;
  /** The questionnaire the call is booked from, sent with the booking so the two are linked. */
  applicationReference?: string;
}

/** The book-a-call modal (docs/behaviour.md#book-a-call-modal). */
export default function BookCallModal({ onClose, initialEmail, applicationReference }: BookCallModalProps) {
  const emailId = useId();
  const booking = useBookCall(initialEmail, applicationReference);
  const { settings, date, times, time } = booking;

  const today = settings ? todayIn(settings.timeZone) : null;
  const [view, setView] = useState<{ year: number; month: number } | null>(null);
  const [focused, setFocused] = useState<CalendarDate | null>(null);
  const shownView = view ?? today;
  const shownFocus = focused ?? today;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void booking.submit();
  };

  return (
    <Modal title="Book an initial call" onClose={onClose}>
      {booking.booked ? (
        <div className="booking-done">
          <p>
            Your call is booked for <strong>{booking.booked.date}</strong> at{' '}
            <strong>{booking.booked.time}</strong>. We have emailed the details and a calendar invitation to{' '}
            {booking.booked.email}.
          </p>
        </div>
      ) : (
        <form className="booking" onSubmit={onSubmit} noValidate>
          <p className="booking__intro">
            A free {settings?.callMinutes ?? 30}-minute video call. Choose a day, then a time (UK time).
          </p>
          {settings && today && shownView && shownFocus ? (
            <Calendar
              today={today}
              settings={settings}
              view={shownView}
              onViewChange={setView}
              selected={date}
              onSelect={booking.chooseDate}
              focused={shownFocus}
              onFocusChange={setFocused}
            />
          ) : (
            <p>Loading the calendar…</p>
          )}
          <fieldset className="booking__times" aria-busy={date !== null && times === null}>
            <legend>{date ? 'Available times' : 'Choose a day to see the times'}</legend>
            {date && times?.length === 0 && <p>No times are free on this day. Please choose another day.</p>}
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

// The event the booking modal fires once a call is booked (docs/behaviour/booking.md#the-call-booked-event),
// which other features listen for. Its own module, without the booking's rules, so a page that only
// listens (the questionnaire) does not load the schema library for it.

export const callBookedEvent = 'call-booked';
export interface CallBookedDetail {
  date: string;
  time: string;
  email: string;
  /** How the call's video link reaches the visitor ('zoom', 'room' or 'later'), for the page's wording. */
  videoLink?: 'zoom' | 'room' | 'later';
}

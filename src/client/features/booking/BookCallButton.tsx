/**
 * A "Book a call" button as the server writes it: a plain button that behaviour/booking.ts answers by
 * loading the booking modal on the first press, so a page ships no script for it.
 */
export function BookCallButton({ label = 'Book an initial call', className = 'button' }) {
  return (
    <button type="button" className={className} data-book-call="">
      {label}
    </button>
  );
}

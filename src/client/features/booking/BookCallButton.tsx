import type { ChosenAdviser } from './BookCallModal.tsx';

/**
 * A "Book a call" button as the server writes it: a plain button that behaviour/booking.ts answers by
 * loading the booking modal on the first press, so a page ships no script for it. With `adviser` (a team
 * member's "Book a call with …") the modal offers only that adviser's times.
 */
export function BookCallButton({
  label = 'Book an initial call',
  className = 'button',
  adviser,
}: {
  label?: string;
  className?: string;
  adviser?: ChosenAdviser | undefined;
}) {
  return (
    <button
      type="button"
      className={className}
      data-book-call=""
      data-adviser-id={adviser?.id}
      data-adviser-name={adviser?.name}
    >
      {label}
    </button>
  );
}

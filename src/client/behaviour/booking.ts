/**
 * Every "Book a call" button is a plain button in the page (`data-book-call`). The first press loads
 * React with the booking modal (docs/behaviour/booking.md); until then no page pays for either.
 */
export function listenForBooking(): void {
  let opening = false;
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-book-call]');
    if (!button || opening) return;
    opening = true;
    void import('#client/features/booking/open-booking.tsx')
      .then(({ openBooking }) => openBooking(button))
      .finally(() => {
        opening = false;
      });
  });
}

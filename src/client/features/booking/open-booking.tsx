import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FirmNameProvider, firmOfThisPage } from '#client/lib/firm.tsx';
import BookCallModal from './BookCallModal.tsx';

/**
 * Opens the booking modal for the "Book a call" button pressed (behaviour/booking.ts), in a root of its
 * own; closing it takes the root away and puts focus back on the button.
 */
export function openBooking(button: HTMLElement): void {
  // A team member's button names their adviser (BookCallButton.tsx).
  const { adviserId, adviserName } = button.dataset;
  const adviser = adviserId ? { id: Number(adviserId), name: adviserName ?? '' } : undefined;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
    button.focus();
  };
  root.render(
    <StrictMode>
      <FirmNameProvider firm={firmOfThisPage()}>
        <BookCallModal onClose={close} adviser={adviser} />
      </FirmNameProvider>
    </StrictMode>,
  );
}

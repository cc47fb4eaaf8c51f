import { lazy, Suspense, useRef, useState } from 'react';

// The modal and its calendar load only when a visitor asks for them.
const BookCallModal = lazy(() => import('./BookCallModal.tsx'));

export function BookCallButton({ label = 'Book an initial call', className = 'button' }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <BookCallModal
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

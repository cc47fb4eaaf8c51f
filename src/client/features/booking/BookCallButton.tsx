import { useRef, useState } from 'react';
import { LazyBookCallModal } from './LazyBookCallModal.tsx';

export function BookCallButton({ label = 'Book an initial call', className = 'button' }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <LazyBookCallModal
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}

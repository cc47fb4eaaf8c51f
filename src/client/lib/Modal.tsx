import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  title: string;
  /** Called once the dialog has closed (Close, Escape, or `dialogRef.current.close()`). */
  onClose: () => void;
  /** For a caller that closes the dialog itself, e.g. after a message has been shown for a while. */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  children: ReactNode;
}

const focusable =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside the dialog: a native modal dialog makes the page inert, but Tab past its last control
 * still leaves for the browser's own controls and the document before coming back.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)].filter(
    (control) => control.getClientRects().length > 0,
  );
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The site's modal dialog, open while mounted: a native modal dialog closes on Escape and makes the page
 * inert, and Tab stays inside it. Its heading names it; the Close button and Escape close it. It is
 * mounted at the end of <body>, so that wherever its opener sits (a button inside a paragraph, say) the
 * dialog is valid HTML.
 */
export function Modal({ title, onClose, dialogRef, children }: ModalProps) {
  const ownRef = useRef<HTMLDialogElement>(null);
  const dialog = dialogRef ?? ownRef;
  const titleId = useId();

  useEffect(() => {
    dialog.current?.showModal();
  }, [dialog]);

  return createPortal(
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={keepTabInside}
    >
      <div className="modal__header">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="modal__close"
          aria-label="Close"
          onClick={() => dialog.current?.close()}
        >
          ×
        </button>
      </div>
      {children}
    </dialog>,
    document.body,
  );
}

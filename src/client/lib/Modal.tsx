import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import '../styles/modal.css';

export interface ModalProps {
  title: string;
  /** Called once the dialog has closed (Close, Escape, or `dialogRef.current.close()`). */
  onClose: () => void;
  /** For a caller that closes the dialog itself, e.g. after a message has been shown for a while. */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  children: ReactNode;
}

/**
 * The site's modal dialog, open while mounted: a native modal dialog traps focus, closes on Escape and makes
 * the page inert. Its heading names it; the Close button and Escape close it.
 */
export function Modal({ title, onClose, dialogRef, children }: ModalProps) {
  const ownRef = useRef<HTMLDialogElement>(null);
  const dialog = dialogRef ?? ownRef;
  const titleId = useId();

  useEffect(() => {
    dialog.current?.showModal();
  }, [dialog]);

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
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
    </dialog>
  );
}

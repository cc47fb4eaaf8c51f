import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { sendForText } from '#client/lib/api-client.ts';
import { InputField } from '#client/lib/InputField.tsx';
import { Modal } from '#client/lib/Modal.tsx';
import { sendResetLink } from '#shared/api/accounts.ts';
import { emailAddressProblem } from '#shared/email.ts';
import { modalCloseDelayMs } from '#shared/timings.ts';

export interface ForgottenPasswordModalProps {
  initialEmail: string;
  onClose: () => void;
}

/**
 * docs/behaviour/accounts.md#forgotten-password: asks for an email, sends POST /send-reset-password-link {emailAddress}, shows the answer's body,
 * and after success or failure closes and clears its message after 2 s.
 */
export function ForgottenPasswordModal({ initialEmail, onClose }: ForgottenPasswordModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const emailId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(() => {
      setMessage(null);
      dialog.current?.close();
    }, modalCloseDelayMs);
    return () => clearTimeout(timer);
  }, [message]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailAddressProblem(email);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      setMessage(await sendForText(sendResetLink, { body: { emailAddress: email.trim() } }));
    } catch (failure) {
      setMessage(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal title="Set a new password" onClose={onClose} dialogRef={dialog}>
      <form onSubmit={onSubmit} noValidate aria-busy={sending}>
        <p>We will email you a link to choose a new password. It works for one hour.</p>
        <InputField
          id={emailId}
          label="Email address"
          error={error}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button" disabled={sending}>
          Send the link
        </button>
        <p className="form-message" role="status">
          {message}
        </p>
      </form>
    </Modal>
  );
}

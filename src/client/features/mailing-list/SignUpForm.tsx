import { type FormEvent, useId, useRef, useState } from 'react';
import { emailAddressProblem } from '../../../shared/email.ts';
import { consentWording, honeypotField, mailingListMessages } from '../../../shared/mailing-list.ts';
import { errorMessageMs, successMessageMs } from '../../../shared/timings.ts';
import { postJson } from '../../lib/http.ts';
import { useTimedMessage } from '../../lib/useTimedMessage.ts';
import { Honeypot } from './Honeypot.tsx';
import './mailing-list.css';

/** The small email sign-up form (SPEC §2, §3): any 2xx thanks the visitor for 3 s, a failure says so for 2 s. */
export function SignUpForm() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [trap, setTrap] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [message, show] = useTimedMessage();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailAddressProblem(email);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setSending(true);
    show(null);
    try {
      await postJson('/subscribe', {
        emailAddress: email.trim(),
        submitMethod: '2',
        ...(trap && { [honeypotField]: trap }),
      });
      setEmail('');
      show({ kind: 'success', text: mailingListMessages.signedUp }, successMessageMs);
    } catch {
      show({ kind: 'error', text: mailingListMessages.connectionProblem }, errorMessageMs);
    } finally {
      setSending(false);
    }
  };

  return (
    // Posts as a page until the script has loaded; then the script sends it and stays on the page.
    <form
      className="sign-up"
      method="post"
      action="/subscribe"
      onSubmit={onSubmit}
      noValidate
      aria-busy={sending}
    >
      <input type="hidden" name="submitMethod" value="2" />
      <label htmlFor={id}>Email address</label>
      {error && (
        <p id={`${id}-error`} className="field__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <div className="sign-up__row">
        <input
          ref={input}
          id={id}
          type="email"
          name="emailAddress"
          autoComplete="email"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-consent` : `${id}-consent`}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Signing up…' : 'Sign up'}
        </button>
      </div>
      <Honeypot value={trap} onChange={setTrap} />
      <p id={`${id}-consent`} className="sign-up__consent">
        {consentWording['small-form']}
      </p>
      <p className={`form-message form-message--${message?.kind ?? 'none'}`} role="status">
        {message?.text}
      </p>
    </form>
  );
}

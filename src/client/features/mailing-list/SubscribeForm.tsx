import { type FormEvent, useId, useRef, useState } from 'react';
import { emailAddressProblem } from '../../../shared/email.ts';
import { consentWording, honeypotField } from '../../../shared/mailing-list.ts';
import { sendForm } from '../../lib/http.ts';
import { Honeypot } from './Honeypot.tsx';
import './mailing-list.css';

/** The larger subscribe form (SPEC §2, §3, §8): success goes to /subscribed, anything else is said in place. */
export function SubscribeForm() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [trap, setTrap] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailAddressProblem(email);
    setError(problem);
    setFailure(null);
    if (problem) {
      input.current?.focus();
      return;
    }
    setSending(true);
    const outcome = await sendForm('/subscribe', {
      emailAddress: email.trim(),
      contact1: '2',
      ...(trap && { [honeypotField]: trap }),
    });
    if (outcome.sent) {
      window.location.assign('/subscribed');
      return;
    }
    setFailure(outcome.message);
    setSending(false);
  };

  return (
    // Posts as a page until the script has loaded; then the script sends it and stays on the page.
    <form
      className="subscribe"
      method="post"
      action="/subscribe"
      onSubmit={onSubmit}
      noValidate
      aria-busy={sending}
    >
      <input type="hidden" name="contact1" value="2" />
      <div className="field">
        <label htmlFor={id}>Email address</label>
        {error && (
          <p id={`${id}-error`} className="field__error">
            <span className="visually-hidden">Error: </span>
            {error}
          </p>
        )}
        <input
          ref={input}
          id={id}
          type="email"
          name="emailAddress"
          autoComplete="email"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <Honeypot value={trap} onChange={setTrap} />
      <p className="subscribe__consent">{consentWording['subscribe-form']}</p>
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Subscribing…' : 'Subscribe'}
      </button>
      <p className="form-message form-message--error" role="alert">
        {failure}
      </p>
    </form>
  );
}

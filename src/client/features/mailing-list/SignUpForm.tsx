import { type FormEvent, useState } from 'react';
import { send } from '#client/lib/api-client.ts';
import { FieldError } from '#client/lib/FieldError.tsx';
import { useFirmName } from '#client/lib/firm.tsx';
import { useTimedMessage } from '#client/lib/useTimedMessage.ts';
import { visitSource } from '#client/lib/visit-source.ts';
import type { subscribe } from '#shared/api/mailing-list.ts';
import { subscribeRoute } from '#shared/api/routes-on-every-page.ts';
import { consentWording, honeypotField, mailingListMessages } from '#shared/mailing-list.ts';
import { errorMessageMs, successMessageMs } from '#shared/timings.ts';
import { Honeypot } from './Honeypot.tsx';
import { useEmailField } from './useEmailField.ts';

/** The small email sign-up form (docs/behaviour/mailing-list.md#small-sign-up-form): any 2xx thanks the visitor for 3 s, a failure says so for 2 s. */
export function SignUpForm() {
  const firmName = useFirmName();
  const field = useEmailField();
  const [trap, setTrap] = useState('');
  const [sending, setSending] = useState(false);
  const [message, show] = useTimedMessage();
  const consentId = `${field.id}-consent`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const emailAddress = field.check();
    if (!emailAddress) return;
    setSending(true);
    show(null);
    try {
      await send<typeof subscribe>(subscribeRoute, {
        body: { emailAddress, submitMethod: '2', ...(trap && { [honeypotField]: trap }), ...visitSource() },
      });
      field.clear();
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
      action={subscribeRoute.path}
      onSubmit={onSubmit}
      noValidate
      aria-busy={sending}
    >
      <input type="hidden" name="submitMethod" value="2" />
      <label htmlFor={field.id}>Email address</label>
      <FieldError id={field.errorId} error={field.error} />
      <div className="sign-up__row">
        <input
          {...field.inputProps}
          aria-describedby={field.error ? `${field.errorId} ${consentId}` : consentId}
        />
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Signing up…' : 'Sign up'}
        </button>
      </div>
      <Honeypot value={trap} onChange={setTrap} />
      <p id={consentId} className="sign-up__consent">
        {consentWording('small-form', firmName)}
      </p>
      <p className={`form-message form-message--${message?.kind ?? 'none'}`} role="status">
        {message?.text}
      </p>
    </form>
  );
}

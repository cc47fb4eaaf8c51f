import { type FormEvent, useState } from 'react';
import { sendForm } from '#client/lib/api-client.ts';
import { FieldError } from '#client/lib/FieldError.tsx';
import { useFirmName } from '#client/lib/firm.tsx';
import { visitSource } from '#client/lib/visit-source.ts';
import type { subscribe } from '#shared/api/mailing-list.ts';
import { subscribeRoute } from '#shared/api/routes-on-every-page.ts';
import { consentWording, honeypotField, subscribedPage } from '#shared/mailing-list.ts';
import { Honeypot } from './Honeypot.tsx';
import { useEmailField } from './useEmailField.ts';

/** The larger subscribe form (docs/behaviour/mailing-list.md#larger-subscribe-form): success goes to /subscribed, anything else is said in place. */
export function SubscribeForm() {
  const firmName = useFirmName();
  const field = useEmailField();
  const [trap, setTrap] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const emailAddress = field.check();
    if (!emailAddress) return;
    setSending(true);
    // By its route alone, as the footer's form sends it: the page needs no schema library.
    const outcome = await sendForm<typeof subscribe>(subscribeRoute, {
      body: { emailAddress, contact1: '2', ...(trap && { [honeypotField]: trap }), ...visitSource() },
    });
    if (outcome.sent) {
      window.location.assign(subscribedPage);
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
      action={subscribeRoute.path}
      onSubmit={onSubmit}
      noValidate
      aria-busy={sending}
    >
      <input type="hidden" name="contact1" value="2" />
      <div className="field">
        <label htmlFor={field.id}>Email address</label>
        <FieldError id={field.errorId} error={field.error} />
        <input {...field.inputProps} aria-describedby={field.error ? field.errorId : undefined} />
      </div>
      <Honeypot value={trap} onChange={setTrap} />
      <p className="subscribe__consent">{consentWording('subscribe-form', firmName)}</p>
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Subscribing…' : 'Subscribe'}
      </button>
      <p className="form-message form-message--error" role="alert">
        {failure}
      </p>
    </form>
  );
}

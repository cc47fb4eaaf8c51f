import { useEffect, useState } from 'react';
import { ErrorSummary } from '#client/lib/ErrorSummary.tsx';
import { FieldError } from '#client/lib/FieldError.tsx';
import { FormField } from '#client/lib/FormField.tsx';
import { useFirmName } from '#client/lib/firm.tsx';
import { TickBox } from '#client/lib/TickBox.tsx';
import { contactRoute, quoteRoute } from '#shared/api/form-routes.ts';
import { todayIn } from '#shared/calendar.ts';
import type { EnquiryKind } from '#shared/enquiries.ts';
import { taxYearsQuestion, yearOptions } from '#shared/enquiries.ts';
import type { Field } from '#shared/form-fields.ts';
import { consentWording } from '#shared/mailing-list.ts';
import { firmTimeZone } from '#shared/site-firm.ts';
import { Honeypot } from '../mailing-list/Honeypot.tsx';
import { enquiryForms, useEnquiryForm } from './useEnquiryForm.ts';

const submitLabels: Record<EnquiryKind, string> = { contact: 'Send your enquiry', quote: 'Ask for a quote' };

// The prerendered page labels the years as of its build; the browser relabels them as of today.
const builtAt = import.meta.env.VITE_BUILD_TIME ? new Date(import.meta.env.VITE_BUILD_TIME) : new Date();

/** The main contact form or the quote form (docs/behaviour/enquiries-and-quotes.md#contact-enquiry-and-quote-request), with an error summary and an error at each field. */
export function EnquiryForm({ kind }: { kind: EnquiryKind }) {
  const firmName = useFirmName();
  const form = useEnquiryForm(kind);
  const [today, setToday] = useState(() => todayIn(firmTimeZone, builtAt));
  useEffect(() => setToday(todayIn(firmTimeZone)), []);
  const yearsErrorId = `${form.id('year1')}-error`;

  return (
    // Posted, never sent to its own address, should the script not take it: the server answers with a page
    // that says the form needs it (server/http/scripted-form.ts), and nothing typed lands in an address.
    <form
      className="enquiry"
      method="post"
      action={kind === 'contact' ? contactRoute.path : quoteRoute.path}
      onSubmit={form.submit}
      onFocus={form.prepare}
      noValidate
      aria-busy={form.sending}
    >
      <ErrorSummary errors={form.errorList} problem={form.problem} attempt={form.attempt} />
      {(Object.entries(enquiryForms[kind].fields) as [string, Field][]).map(([name, field]) => (
        <FormField
          key={name}
          id={form.id(name)}
          name={name}
          field={field}
          value={form.texts[name] ?? ''}
          error={form.errors[name]}
          onChange={(value) => form.setText(name, value)}
        />
      ))}
      {kind === 'quote' && (
        <fieldset className="field choice" aria-describedby={form.errors.year1 ? yearsErrorId : undefined}>
          <legend>{taxYearsQuestion}</legend>
          <p className="field__hint">
            Tick every year you need accounts or returns for. Tax years run from 6 April.
          </p>
          <FieldError id={yearsErrorId} error={form.errors.year1} />
          {yearOptions(today).map((year) => (
            <label key={year.name} className="choice__option">
              <input
                id={form.id(year.name)}
                type="checkbox"
                name={year.name}
                checked={form.ticks[year.name] ?? false}
                aria-invalid={form.errors.year1 ? true : undefined}
                onChange={(event) => form.setTick(year.name, event.target.checked)}
              />
              <span>{year.label}</span>
            </label>
          ))}
        </fieldset>
      )}
      <Honeypot value={form.trap} onChange={form.setTrap} />
      <TickBox
        id={form.id('optin')}
        name="optin"
        checked={form.ticks.optin ?? false}
        onChange={(checked) => form.setTick('optin', checked)}
      >
        {consentWording(kind === 'contact' ? 'contact-form' : 'quote-form', firmName)}
      </TickBox>
      <TickBox
        id={form.id('accept')}
        name="accept"
        checked={form.ticks.accept ?? false}
        error={form.errors.accept}
        onChange={(checked) => form.setTick('accept', checked)}
      >
        I agree to {firmName} using these details to answer my enquiry, as set out in the privacy notice.
      </TickBox>
      <p className="field__hint">
        <a href="/privacy">Read our privacy notice</a> to see how we look after your details.
      </p>
      {/* Turnstile shows itself here, only if Cloudflare needs the visitor to click. */}
      <div ref={form.botCheck.container} />
      <p className="enquiry__submit">
        <button type="submit" className="button" disabled={form.sending}>
          {submitLabels[kind]}
        </button>
        <span role="status">{form.sending ? 'Sending…' : ''}</span>
      </p>
    </form>
  );
}

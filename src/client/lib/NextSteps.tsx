import { useId } from 'react';
import { mailtoHref } from '#shared/mailto.ts';
import { useFirm } from './firm.tsx';
import { unbroken } from './unbroken.ts';

/**
 * Beside a form: what happens once it is sent, in order, and (on the public pages) the firm's phone,
 * email, address, other offices and opening hours.
 */
export function NextSteps({ steps, contact = true }: { steps: readonly string[]; contact?: boolean }) {
  const firm = useFirm();
  const { address } = firm;
  // A page may hold more than one form, each with its steps.
  const heading = useId();
  return (
    <aside className="page-aside" aria-labelledby={heading}>
      <h2 id={heading}>What happens next</h2>
      <ol>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {contact && (
        <>
          <h2>Talk to us</h2>
          <p>
            <a href={firm.phoneHref}>{unbroken(firm.phone)}</a>
            <br />
            <a href={mailtoHref(firm.email)}>{firm.email}</a>
          </p>
          <address>
            {firm.legalName}
            <br />
            {address.street}, {address.locality}
            <br />
            {unbroken(address.postcode)}
          </address>
          {firm.offices.length > 0 && (
            <>
              <h2>Our other offices</h2>
              {firm.offices.map((office) => (
                <address key={office.name}>
                  <strong>{office.name}</strong>
                  <br />
                  {office.street}, {office.locality}
                  <br />
                  {unbroken(office.postcode)}
                  {office.phone && (
                    <>
                      <br />
                      <a href={office.phoneHref}>{unbroken(office.phone)}</a>
                    </>
                  )}
                </address>
              ))}
            </>
          )}
          <h2>Opening hours</h2>
          <p>{firm.openingHours}</p>
        </>
      )}
    </aside>
  );
}

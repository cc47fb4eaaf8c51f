import type { ReactNode } from 'react';
import { useFirm, useFirmWords } from '#client/lib/firm.tsx';
import { mailtoHref } from '#shared/mailto.ts';
import { PageHero } from './PageHero.tsx';
import { unbroken } from './unbroken.ts';

export interface FormPageProps {
  eyebrow: string;
  heading: string;
  lead: string;
  /** What happens after the form is sent, in order. */
  steps: readonly string[];
  /** Public forms show how else to reach the firm beside the form; staff pages do not. */
  contact?: boolean;
  /** The form, and anything that belongs with it. */
  children: ReactNode;
}

/** A page built around one form: the hero, then the form in the grid's main column and, beside it, what
 *  happens next, the firm's contact details and opening hours. */
export function FormPage({ eyebrow, heading, lead, steps, contact = true, children }: FormPageProps) {
  const firm = useFirm();
  const words = useFirmWords();
  const { address } = firm;
  return (
    <>
      <PageHero eyebrow={eyebrow} heading={heading} lead={lead} />
      <section className="section section--form">
        <div className="container page-grid">
          <div>{children}</div>
          <aside className="page-aside" aria-labelledby="next-steps-heading">
            <h2 id="next-steps-heading">What happens next</h2>
            <ol>
              {steps.map((step) => (
                <li key={step}>{words(step)}</li>
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
        </div>
      </section>
    </>
  );
}

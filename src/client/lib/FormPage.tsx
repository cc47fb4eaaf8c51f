import type { ReactNode } from 'react';
import { NextSteps } from './NextSteps.tsx';
import { PageHero } from './PageHero.tsx';

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
 *  happens next (NextSteps). */
export function FormPage({ eyebrow, heading, lead, steps, contact = true, children }: FormPageProps) {
  return (
    <>
      <PageHero eyebrow={eyebrow} heading={heading} lead={lead} />
      <section className="section section--form">
        <div className="container page-grid">
          <div>{children}</div>
          <NextSteps steps={steps} contact={contact} />
        </div>
      </section>
    </>
  );
}

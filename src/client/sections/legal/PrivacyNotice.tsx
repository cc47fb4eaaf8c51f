import { useFirm } from '#client/lib/firm.tsx';
import { ProseSections } from '#client/lib/ProseSections.tsx';
import { unbroken } from '#client/lib/unbroken.ts';
import { mailtoHref } from '#shared/mailto.ts';
import type { SectionOf } from '#shared/sections.ts';
import { sectionAnchor } from '../TextSections.tsx';
import { privacyNotice } from './privacy-words.ts';

/**
 * What the site collects, why, for how long, and how to ask about it: the product's account of what it
 * does, with the firm's details. How long leads are kept is a token the server fills in from
 * RETENTION_MONTHS.
 */
export function PrivacyNoticeSection({ section }: { section: SectionOf<'privacy-notice'> }) {
  const firm = useFirm();
  return (
    <section id={sectionAnchor(section.id)} className="section section--text">
      <div className="container prose">
        <ProseSections sections={privacyNotice.sections} />
        <h2>Contact us about your details</h2>
        <p>
          Email <a href={mailtoHref(firm.email)}>{firm.email}</a>, call{' '}
          <a href={firm.phoneHref}>{unbroken(firm.phone)}</a>, or write to {firm.legalName},{' '}
          {firm.address.street}, {firm.address.locality}, {firm.address.postcode}.
        </p>
        {firm.icoRegistration && (
          <p>
            We are registered with the Information Commissioner’s Office as a data controller, number{' '}
            {firm.icoRegistration}.
          </p>
        )}
      </div>
    </section>
  );
}

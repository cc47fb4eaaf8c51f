import { useFirm } from '#client/lib/firm.tsx';
import { PageHero } from '#client/lib/PageHero.tsx';
import { ProseSections } from '#client/lib/ProseSections.tsx';
import { unbroken } from '#client/lib/unbroken.ts';
import { privacyPage } from '#content/pages/privacy.ts';
import { mailtoHref } from '#shared/mailto.ts';
import { retentionPeriodMetaName, retentionPeriodToken } from '#shared/retention.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/privacy',
  title: privacyPage.title,
  description: privacyPage.description,
  retentionPeriod: true,
};

/**
 * How long leads are kept, in words. Prerendered, the token stays for the server to fill in from
 * RETENTION_MONTHS; in the browser, the same words from the page's meta tag, so hydration matches.
 */
function retentionPeriod(): string {
  if (typeof document === 'undefined') return retentionPeriodToken;
  return (
    document.querySelector(`meta[name="${retentionPeriodMetaName}"]`)?.getAttribute('content') ??
    retentionPeriodToken
  );
}

export default function PrivacyPage() {
  const firm = useFirm();
  const period = retentionPeriod();
  const sections = privacyPage.sections.map((section) => ({
    ...section,
    paragraphs: section.paragraphs.map((paragraph) => paragraph.replaceAll(retentionPeriodToken, period)),
  }));
  return (
    <>
      <PageHero
        eyebrow="Policies"
        heading={privacyPage.heading}
        lead={privacyPage.lead.replace('{controller}', firm.legalName)}
      />
      <section className="section section--text">
        <div className="container prose">
          <ProseSections sections={sections} />
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
    </>
  );
}

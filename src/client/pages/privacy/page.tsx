import { PageHero } from '#client/lib/PageHero.tsx';
import { ProseSections } from '#client/lib/ProseSections.tsx';
import { unbroken } from '#client/lib/unbroken.ts';
import { firm } from '#content/firm.ts';
import { privacyPage } from '#content/pages/privacy.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/privacy',
  title: privacyPage.title,
  description: privacyPage.description,
};

export default function PrivacyPage() {
  return (
    <>
      <PageHero eyebrow="Policies" heading={privacyPage.heading} lead={privacyPage.lead} />
      <section className="section section--text">
        <div className="container prose">
          <ProseSections sections={privacyPage.sections} />
          <h2>Contact us about your details</h2>
          <p>
            Email <a href={`mailto:${firm.email}`}>{firm.email}</a>, call{' '}
            <a href={firm.phoneHref}>{unbroken(firm.phone)}</a>, or write to {firm.legalName},{' '}
            {firm.address.street}, {firm.address.locality}, {firm.address.postcode}.
          </p>
        </div>
      </section>
    </>
  );
}

import { EnquiryForm } from '#client/features/enquiries/EnquiryForm.tsx';
import { firm } from '#content/firm.ts';
import { contactPage } from '#content/pages/enquiries.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/contact',
  title: contactPage.title,
  description: contactPage.description,
  botCheck: true,
};

export default function ContactPage() {
  return (
    <section className="section">
      <div className="container">
        <h1>{contactPage.heading}</h1>
        <div className="prose">
          <p>{contactPage.lead}</p>
          <p>
            You can also call us on <a href={firm.phoneHref}>{firm.phone}</a> (
            {firm.openingHours.toLowerCase()}) or email <a href={`mailto:${firm.email}`}>{firm.email}</a>.
          </p>
          <p>
            {contactPage.quotePrompt} <a href="/quote">{contactPage.quoteLink}</a>.
          </p>
        </div>
        <EnquiryForm kind="contact" />
      </div>
    </section>
  );
}

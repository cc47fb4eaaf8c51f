import { EnquiryForm } from '#client/features/enquiries/EnquiryForm.tsx';
import { quotePage } from '#content/pages/enquiries.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/quote',
  title: quotePage.title,
  description: quotePage.description,
  botCheck: true,
};

export default function QuotePage() {
  return (
    <section className="section">
      <div className="container">
        <h1>{quotePage.heading}</h1>
        <p className="prose">{quotePage.lead}</p>
        <EnquiryForm kind="quote" />
      </div>
    </section>
  );
}

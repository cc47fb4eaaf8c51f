import { Island } from '#client/islands/Island.tsx';
import { FormPage } from '#client/lib/FormPage.tsx';
import { contactPage } from '#content/pages/enquiries.ts';
import { nextSteps } from '#content/pages/next-steps.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/contact',
  title: contactPage.title,
  description: contactPage.description,
  botCheck: true,
};

export default function ContactPage() {
  return (
    <FormPage
      eyebrow={nextSteps.contact.eyebrow}
      heading={contactPage.heading}
      lead={contactPage.lead}
      steps={nextSteps.contact.steps}
    >
      <p>
        {contactPage.quotePrompt} <a href="/quote">{contactPage.quoteLink}</a>.
      </p>
      <Island name="enquiry-form" props={{ kind: 'contact' }} />
    </FormPage>
  );
}

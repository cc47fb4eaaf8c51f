import { Island } from '#client/islands/Island.tsx';
import { FormPage } from '#client/lib/FormPage.tsx';
import { quotePage } from '#content/pages/enquiries.ts';
import { nextSteps } from '#content/pages/next-steps.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/quote',
  title: quotePage.title,
  description: quotePage.description,
  botCheck: true,
};

export default function QuotePage() {
  return (
    <FormPage
      eyebrow={nextSteps.quote.eyebrow}
      heading={quotePage.heading}
      lead={quotePage.lead}
      steps={nextSteps.quote.steps}
    >
      <Island name="enquiry-form" props={{ kind: 'quote' }} />
    </FormPage>
  );
}

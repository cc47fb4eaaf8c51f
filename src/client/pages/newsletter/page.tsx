import { Island } from '#client/islands/Island.tsx';
import { FormPage } from '#client/lib/FormPage.tsx';
import { newsletterPage } from '#content/pages/newsletter.ts';
import { nextSteps } from '#content/pages/next-steps.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/newsletter',
  title: newsletterPage.title,
  description: newsletterPage.description,
};

export default function NewsletterPage() {
  return (
    <FormPage
      eyebrow={nextSteps.newsletter.eyebrow}
      heading={newsletterPage.heading}
      lead={newsletterPage.lead}
      steps={nextSteps.newsletter.steps}
    >
      <h2>In each issue</h2>
      <ul>
        {newsletterPage.contents.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <Island name="subscribe-form" props={{}} />
    </FormPage>
  );
}

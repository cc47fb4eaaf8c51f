import { Island } from '#client/islands/Island.tsx';
import { FormPage } from '#client/lib/FormPage.tsx';
import { applicationPage } from '#content/pages/application.ts';
import { nextSteps } from '#content/pages/next-steps.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/application',
  title: applicationPage.title,
  description: applicationPage.description,
  botCheck: true,
};

export default function ApplicationPage() {
  return (
    <FormPage
      eyebrow={nextSteps.application.eyebrow}
      heading={applicationPage.heading}
      lead={applicationPage.lead}
      steps={nextSteps.application.steps}
    >
      <Island name="application-form" props={{}} />
    </FormPage>
  );
}

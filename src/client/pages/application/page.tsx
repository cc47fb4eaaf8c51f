import { ApplicationForm } from '#client/features/applications/ApplicationForm.tsx';
import { applicationPage } from '#content/pages/application.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/application',
  title: applicationPage.title,
  description: applicationPage.description,
  botCheck: true,
};

export default function ApplicationPage() {
  return (
    <section className="section">
      <div className="container">
        <h1>{applicationPage.heading}</h1>
        <p className="prose">{applicationPage.lead}</p>
        <ApplicationForm />
      </div>
    </section>
  );
}

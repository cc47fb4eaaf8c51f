import { SubscribeForm } from '#client/features/mailing-list/SubscribeForm.tsx';
import { newsletterPage } from '#content/pages/newsletter.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/newsletter',
  title: newsletterPage.title,
  description: newsletterPage.description,
};

export default function NewsletterPage() {
  return (
    <section className="section">
      <div className="container">
        <div className="prose">
          <h1>{newsletterPage.heading}</h1>
          <p>{newsletterPage.lead}</p>
          <ul>
            {newsletterPage.contents.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <SubscribeForm />
      </div>
    </section>
  );
}

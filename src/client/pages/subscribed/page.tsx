import { subscribedPage } from '#shared/mailing-list.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: subscribedPage,
  title: 'Please confirm your subscription',
  description: 'Thank you for signing up to our newsletter. Please confirm your email address.',
  noindex: true,
};

export default function SubscribedPage() {
  return (
    <section className="section">
      <div className="container prose">
        <h1>Thanks for signing up</h1>
        <p>
          We have sent you an email with a link to confirm your subscription. Please open it and click the
          link: we will only send you our newsletter once you have confirmed.
        </p>
        <p>If nothing arrives within a few minutes, please check your spam or junk folder.</p>
        <p>
          <a href="/">Back to the home page</a>
        </p>
      </div>
    </section>
  );
}

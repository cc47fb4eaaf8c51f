import { useFirm } from '#client/lib/firm.tsx';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/contact-received',
  title: 'Thank you for your enquiry',
  description: 'We have received your enquiry, and one of our accountants will reply soon.',
  noindex: true,
};

export default function ContactReceivedPage() {
  const firm = useFirm();
  return (
    <section className="section">
      <div className="container prose">
        <h1>Thank you, we have your enquiry</h1>
        <p>
          One of our accountants will reply within {firm.replyPromise}. We have also sent you an email to say
          it arrived, with a reference to quote if you need to add anything.
        </p>
        <p>
          If it is urgent, call us on <a href={firm.phoneHref}>{firm.phone}</a> ({firm.openingHours}).
        </p>
        <p>
          <a href="/">Back to the home page</a>
        </p>
      </div>
    </section>
  );
}

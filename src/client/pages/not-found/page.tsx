import { useFirm } from '#client/lib/firm.tsx';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: null,
  title: 'Page not found',
  description: 'The page you were looking for is not on this site.',
  noindex: true,
};

export default function NotFoundPage() {
  const firm = useFirm();
  return (
    <section className="section">
      <div className="container prose">
        <h1>Page not found</h1>
        <p>If you typed the web address, check it is correct. If you followed a link, it may have moved.</p>
        <p>
          You can go to the <a href="/">home page</a>, or call us on <a href={firm.phoneHref}>{firm.phone}</a>
          .
        </p>
      </div>
    </section>
  );
}

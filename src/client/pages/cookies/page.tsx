import { PageHero } from '#client/lib/PageHero.tsx';
import { ProseSections } from '#client/lib/ProseSections.tsx';
import { cookiesPage } from '#content/pages/cookies.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/cookies',
  title: cookiesPage.title,
  description: cookiesPage.description,
};

export default function CookiesPage() {
  const { columns } = cookiesPage;
  return (
    <>
      <PageHero eyebrow="Policies" heading={cookiesPage.heading} lead={cookiesPage.lead} />
      <section className="section section--text">
        <div className="container prose">
          {/* Focusable so that a keyboard can scroll the table on a narrow screen. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1). */}
          <section className="table-scroll" aria-labelledby="cookie-table-caption" tabIndex={0}>
            <table>
              <caption id="cookie-table-caption">{cookiesPage.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{columns.name}</th>
                  <th scope="col">{columns.kind}</th>
                  <th scope="col">{columns.purpose}</th>
                  <th scope="col">{columns.expires}</th>
                </tr>
              </thead>
              <tbody>
                {cookiesPage.items.map((item) => (
                  <tr key={item.name}>
                    <th scope="row">
                      <code>{item.name}</code>
                    </th>
                    <td>{item.kind}</td>
                    <td>{item.purpose}</td>
                    <td>{item.expires}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <ProseSections sections={cookiesPage.sections} />
        </div>
      </section>
    </>
  );
}

import { Fragment } from 'react';
import { PageHero } from '#client/lib/PageHero.tsx';
import { ProseSections } from '#client/lib/ProseSections.tsx';
import { cookiesPage } from '#content/pages/cookies.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/cookies',
  title: cookiesPage.title,
  description: cookiesPage.description,
};

/** A storage key may break after its dots and hyphens, never in the middle of a word. */
function BreakableName({ name }: { name: string }) {
  const parts = name.split(/(?<=[.-])/);
  return (
    <code>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed name, never reordered.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </code>
  );
}

export default function CookiesPage() {
  const { columns, items } = cookiesPage;
  return (
    <>
      <PageHero eyebrow="Policies" heading={cookiesPage.heading} lead={cookiesPage.lead} />
      <section className="section section--text">
        <div className="container prose">
          {/* The same list twice: a table where a row fits on one line, one card per item on a phone,
              where four columns would squeeze each name into a narrow, wrapping column. CSS shows one. */}
          <section className="cookie-list" aria-labelledby="cookie-list-heading">
            <h2 id="cookie-list-heading">{cookiesPage.tableCaption}</h2>
            <table className="cookie-list__table" aria-labelledby="cookie-list-heading">
              <thead>
                <tr>
                  <th scope="col">{columns.name}</th>
                  <th scope="col">{columns.kind}</th>
                  <th scope="col">{columns.purpose}</th>
                  <th scope="col">{columns.expires}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.name}>
                    <th scope="row">
                      <BreakableName name={item.name} />
                    </th>
                    <td>{item.kind}</td>
                    <td>{item.purpose}</td>
                    <td>{item.expires}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="cookie-list__cards">
              {items.map((item) => (
                <li key={item.name} className="cookie-card">
                  <h3 className="cookie-card__name">
                    <BreakableName name={item.name} />
                  </h3>
                  <dl>
                    <dt>{columns.kind}</dt>
                    <dd>{item.kind}</dd>
                    <dt>{columns.purpose}</dt>
                    <dd>{item.purpose}</dd>
                    <dt>{columns.expires}</dt>
                    <dd>{item.expires}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </section>
          <ProseSections sections={cookiesPage.sections} />
        </div>
      </section>
    </>
  );
}

import { Fragment } from 'react';
import { ProseSections } from '#client/lib/ProseSections.tsx';
import type { SectionOf } from '#shared/sections.ts';
import { sectionAnchor } from '../TextSections.tsx';
import { cookieList } from './cookie-words.ts';

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

/** Everything the site stores in a visitor's browser, what for and for how long: the product's list. */
export function CookieListSection({ section }: { section: SectionOf<'cookie-list'> }) {
  const { columns, items } = cookieList;
  const heading = `${sectionAnchor(section.id)}-heading`;
  return (
    <section id={sectionAnchor(section.id)} className="section section--text">
      <div className="container prose">
        {/* The same list twice: a table where a row fits on one line, one card per item on a phone,
              where four columns would squeeze each name into a narrow, wrapping column. CSS shows one. */}
        <section className="cookie-list" aria-labelledby={heading}>
          <h2 id={heading}>{cookieList.tableCaption}</h2>
          <table className="cookie-list__table" aria-labelledby={heading}>
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
        <ProseSections sections={cookieList.sections} />
      </div>
    </section>
  );
}

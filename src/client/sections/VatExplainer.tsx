import { vatDeMinimis } from '#client/features/vat-explainer/words.ts';
import { Island } from '#client/islands/Island.tsx';
import { ProseSections } from '#client/lib/ProseSections.tsx';
import type { SectionOf } from '#shared/sections.ts';
import { sectionAnchor } from './TextSections.tsx';

/** The de minimis tests explained, the calculator (an island), and where the rules come from. */
export function VatExplainerSection({ section }: { section: SectionOf<'vat-explainer'> }) {
  const anchor = sectionAnchor(section.id);
  return (
    <>
      <section id={anchor} className="section" aria-labelledby={`${anchor}-heading`}>
        <div className="container">
          <div className="prose">
            {vatDeMinimis.intro.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <h2 id={`${anchor}-heading`}>{vatDeMinimis.calculator.heading}</h2>
            <p>{vatDeMinimis.calculator.intro}</p>
          </div>
          <Island name="vat-calculator" props={{}} />
        </div>
      </section>
      <section className="section section--tinted">
        <div className="container prose">
          <ProseSections sections={vatDeMinimis.sections} />
          <h2>{vatDeMinimis.sources.heading}</h2>
          <ul>
            {vatDeMinimis.sources.items.map((source) => (
              <li key={source.href}>
                <a href={source.href}>{source.text}</a>
              </li>
            ))}
          </ul>
          <p>{vatDeMinimis.sources.disclaimer}</p>
        </div>
      </section>
    </>
  );
}

import { BookCallButton } from '#client/features/booking/BookCallButton.tsx';
import { Island } from '#client/islands/Island.tsx';
import { useFirmWords } from '#client/lib/firm.tsx';
import { PageHero } from '#client/lib/PageHero.tsx';
import { ProseSections } from '#client/lib/ProseSections.tsx';
import { vatDeMinimis } from '#content/pages/vat-de-minimis.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/vat-de-minimis',
  title: vatDeMinimis.title,
  description: vatDeMinimis.description,
  botCheck: true,
};

export default function VatDeMinimisPage() {
  const words = useFirmWords();
  return (
    <>
      <PageHero eyebrow={vatDeMinimis.eyebrow} heading={vatDeMinimis.heading} lead={vatDeMinimis.lead} />

      <section className="section" aria-labelledby="calculator-heading">
        <div className="container">
          <div className="prose">
            {vatDeMinimis.intro.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <h2 id="calculator-heading">{vatDeMinimis.calculator.heading}</h2>
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

      <section className="section" aria-labelledby="vat-call-heading">
        <div className="container prose">
          <h2 id="vat-call-heading">{vatDeMinimis.callToAction.heading}</h2>
          <p>{words(vatDeMinimis.callToAction.text)}</p>
          <BookCallButton />
        </div>
      </section>
    </>
  );
}

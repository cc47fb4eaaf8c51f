import { BookCallButton } from '#client/features/booking/BookCallButton.tsx';
import { Regulation } from '#client/features/site/Regulation.tsx';
import { useFirm, useFirmWords } from '#client/lib/firm.tsx';
import { PageHero } from '#client/lib/PageHero.tsx';
import { monogramOf } from '#client/sections/monogram.ts';
import { aboutPage } from '#content/pages/about.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/about',
  title: aboutPage.title,
  description: aboutPage.description,
  botCheck: true,
};

export default function AboutPage() {
  const firm = useFirm();
  const words = useFirmWords();
  return (
    <>
      <PageHero eyebrow={aboutPage.eyebrow} heading={words(aboutPage.heading)} lead={words(aboutPage.lead)}>
        {firm.facts.length > 0 && (
          <dl className="facts">
            {firm.facts.map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}</dt>
                <dd>{fact.figure}</dd>
              </div>
            ))}
          </dl>
        )}
      </PageHero>

      <section className="section" aria-labelledby="story-heading">
        <div className="container prose">
          <h2 id="story-heading">{aboutPage.story.heading}</h2>
          {aboutPage.story.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>

      {firm.team.length > 0 && (
        <section className="section section--tinted" aria-labelledby="team-heading">
          <div className="container">
            <h2 id="team-heading">{aboutPage.team.heading}</h2>
            <ul className="card-grid">
              {firm.team.map((person) => (
                <li key={person.name} className="card person">
                  <span className="person__monogram" aria-hidden="true">
                    {monogramOf(person.name)}
                  </span>
                  <h3>{person.name}</h3>
                  <p className="person__role">{person.role}</p>
                  <p>{person.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <section className="section" aria-labelledby="credentials-heading">
        <div className="container prose">
          <h2 id="credentials-heading">{aboutPage.credentials.heading}</h2>
          {firm.accreditations.length > 0 && (
            <ul>
              {firm.accreditations.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          <Regulation />
          <BookCallButton />
        </div>
      </section>
    </>
  );
}

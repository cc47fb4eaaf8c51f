import { BookCallButton } from '#client/features/booking/BookCallButton.tsx';
import { PageHero } from '#client/lib/PageHero.tsx';
import { Picture } from '#client/lib/Picture.tsx';
import castleStreet from '#content/images/castle-street.jpg?picture';
import { aboutPage } from '#content/pages/about.ts';
import type { PageMeta } from '../page-module.ts';
import './about.css';
import { monogramOf } from './monogram.ts';

export const meta: PageMeta = {
  path: '/about',
  title: aboutPage.title,
  description: aboutPage.description,
  botCheck: true,
};

export default function AboutPage() {
  return (
    <>
      <PageHero eyebrow={aboutPage.eyebrow} heading={aboutPage.heading} lead={aboutPage.lead}>
        <dl className="facts">
          {aboutPage.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.figure}</dd>
            </div>
          ))}
        </dl>
      </PageHero>

      <section className="section" aria-labelledby="story-heading">
        <div className="container story">
          <div className="prose">
            <h2 id="story-heading">{aboutPage.story.heading}</h2>
            {aboutPage.story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <figure className="story__figure">
            <Picture
              image={castleStreet}
              alt={aboutPage.story.picture.alt}
              sizes="(min-width: 960px) 34rem, calc(100vw - 2.5rem)"
            />
            <figcaption>{aboutPage.story.picture.caption}</figcaption>
          </figure>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="team-heading">
        <div className="container">
          <h2 id="team-heading">{aboutPage.team.heading}</h2>
          <ul className="card-grid">
            {aboutPage.team.people.map((person) => (
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

      <section className="section" aria-labelledby="credentials-heading">
        <div className="container prose">
          <h2 id="credentials-heading">{aboutPage.credentials.heading}</h2>
          <ul>
            {aboutPage.credentials.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <BookCallButton />
        </div>
      </section>
    </>
  );
}

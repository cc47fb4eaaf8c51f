import { BookCallButton } from '#client/features/booking/BookCallButton.tsx';
import { useFirm, useFirmWords } from '#client/lib/firm.tsx';
import { PageHero } from '#client/lib/PageHero.tsx';
import { FirmAccreditations } from '#client/sections/FirmAccreditations.tsx';
import { home } from '#content/pages/home.ts';
import type { PageMeta } from '../page-module.ts';
import { HeroIllustration } from './HeroIllustration.tsx';
import { HeroPhoto } from './HeroPhoto.tsx';

export const meta: PageMeta = {
  path: '/',
  title: home.title,
  description: home.description,
  botCheck: true,
};

export default function HomePage() {
  const firm = useFirm();
  const words = useFirmWords();
  return (
    <>
      <PageHero
        eyebrow={firm.tagline}
        heading={home.hero.heading}
        lead={words(home.hero.lead)}
        compact={false}
        art={firm.hero ? <HeroPhoto picture={firm.hero} /> : <HeroIllustration />}
      >
        <p className="hero__actions">
          <BookCallButton />
          {firm.phone && (
            <a className="button button--secondary" href={firm.phoneHref}>
              Call {firm.phone}
            </a>
          )}
        </p>
      </PageHero>

      {(firm.accreditations.length > 0 || firm.badges.length > 0) && (
        <section className="accreditations" aria-labelledby="accreditations-heading">
          <div className="container">
            <h2 id="accreditations-heading" className="visually-hidden">
              {home.accreditations.heading}
            </h2>
            <FirmAccreditations />
          </div>
        </section>
      )}

      <section id="services" className="section" aria-labelledby="services-heading">
        <div className="container">
          <h2 id="services-heading">{home.services.heading}</h2>
          <ul className="card-grid">
            {home.services.items.map((service) => (
              <li key={service.title} className="card">
                <h3>{service.title}</h3>
                <p>{service.text}</p>
              </li>
            ))}
          </ul>
          <p className="section__more">
            <a href="/services">{home.services.more}</a>
          </p>
        </div>
      </section>

      <section id="how-we-work" className="section section--tinted" aria-labelledby="process-heading">
        <div className="container">
          <h2 id="process-heading">{home.process.heading}</h2>
          <ol className="card-grid steps">
            {home.process.steps.map((step) => (
              <li key={step.title} className="steps__item">
                <h3>{step.title}</h3>
                <p>{words(step.text)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {firm.reviews.length > 0 && (
        <section className="section" aria-labelledby="testimonials-heading">
          <div className="container">
            <h2 id="testimonials-heading">{home.testimonials.heading}</h2>
            <div className="card-grid">
              {firm.reviews.map((item) => (
                <figure key={`${item.name} ${item.quote}`} className="card testimonial">
                  <blockquote>
                    <p>{item.quote}</p>
                  </blockquote>
                  <figcaption>
                    <strong className="testimonial__name">{item.name}</strong>
                    <span className="testimonial__business">
                      {[item.role, item.business, item.place].filter(Boolean).join(', ')}
                    </span>
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        </section>
      )}

      <section id="contact" className="section" aria-labelledby="contact-heading">
        <div className="container">
          <h2 id="contact-heading">{home.contact.heading}</h2>
          <p>{words(home.contact.text)}</p>
          <p className="hero__actions">
            <BookCallButton />
            <a className="button button--secondary" href="/contact">
              {home.contact.formLink}
            </a>
          </p>
        </div>
      </section>
    </>
  );
}

import { BookCallButton } from '#client/features/booking/BookCallButton.tsx';
import { useFirmWords } from '#client/lib/firm.tsx';
import { PageHero } from '#client/lib/PageHero.tsx';
import { servicesPage } from '#content/pages/services.ts';
import type { PageMeta } from '../page-module.ts';

export const meta: PageMeta = {
  path: '/services',
  title: servicesPage.title,
  description: servicesPage.description,
  botCheck: true,
};

export default function ServicesPage() {
  const words = useFirmWords();
  return (
    <>
      <PageHero eyebrow={servicesPage.eyebrow} heading={servicesPage.heading} lead={servicesPage.lead} />

      <section className="section" aria-label="Services">
        <div className="container service-list">
          {servicesPage.services.map((service) => (
            <article
              key={service.id}
              id={service.id}
              className="card service"
              aria-labelledby={`${service.id}-heading`}
            >
              <h2 id={`${service.id}-heading`}>{service.title}</h2>
              <p>{service.summary}</p>
              <ul>
                {service.includes.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <p className="service__fee">{service.from}</p>
              {'guide' in service && (
                <p>
                  <a href={service.guide.href}>{service.guide.text}</a>
                </p>
              )}
            </article>
          ))}
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="sectors-heading">
        <div className="container">
          <h2 id="sectors-heading">{servicesPage.sectors.heading}</h2>
          <p>{servicesPage.sectors.text}</p>
          <ul className="tag-list">
            {servicesPage.sectors.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="services-call-heading">
        <div className="container prose">
          <h2 id="services-call-heading">{servicesPage.callToAction.heading}</h2>
          <p>{words(servicesPage.callToAction.text)}</p>
          <p className="hero__actions">
            <a className="button" href="/quote">
              Ask for a quote
            </a>
            <BookCallButton className="button button--secondary" />
          </p>
        </div>
      </section>
    </>
  );
}

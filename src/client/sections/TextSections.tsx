import type { ReactNode } from 'react';
import { BookCallButton } from '#client/features/booking/BookCallButton.tsx';
import { jsonForScript } from '#shared/html.ts';
import { plainTextOf } from '#shared/rich-text.ts';
import { type callToActionTargets, publishableReviews, type SectionOf } from '#shared/sections.ts';
import { monogramOf } from './monogram.ts';
import { RichTextView } from './RichTextView.tsx';
import { SectionPicture } from './SectionPicture.tsx';

// The sections made only of words (src/shared/sections.ts): each a <section> named by its heading, drawn
// by the server and sent as HTML alone.

/** A section's own id in the page: prefixed, so a firm's section name never clashes with the site's. */
export const sectionAnchor = (id: string) => `section-${id}`;

export function SectionFrame({
  id,
  heading,
  className,
  children,
}: {
  id: string;
  heading: string;
  className?: string;
  children: ReactNode;
}) {
  const anchor = sectionAnchor(id);
  return (
    <section
      id={anchor}
      className={['section', className].filter(Boolean).join(' ')}
      aria-labelledby={heading ? `${anchor}-heading` : undefined}
    >
      <div className="container">
        {heading && <h2 id={`${anchor}-heading`}>{heading}</h2>}
        {children}
      </div>
    </section>
  );
}

export function RichTextSection({ section }: { section: SectionOf<'rich-text'> }) {
  return (
    <SectionFrame id={section.id} heading={section.heading}>
      <div className="prose">
        <RichTextView text={section.body} headingsFrom={section.heading ? 3 : 2} />
      </div>
    </SectionFrame>
  );
}

/** Services as cards; those that list what the fee covers are drawn wider, one in each row on a phone. */
export function ServicesSection({ section }: { section: SectionOf<'services'> }) {
  const detailed = section.items.some((service) => service.includes?.length);
  return (
    <SectionFrame id={section.id} heading={section.heading}>
      <ul className={detailed ? 'service-list' : 'card-grid'}>
        {section.items.map((service, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a section's items have no identity but their place
          <li key={index} className="card service">
            <h3>{service.title}</h3>
            {service.price && <p className="service__price">{service.price}</p>}
            {paragraphsOf(service.text)}
            {service.includes && service.includes.length > 0 && (
              <ul>
                {service.includes.map((line, lineIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
                  <li key={lineIndex}>{line}</li>
                ))}
              </ul>
            )}
            {service.link && (
              <p>
                <a href={service.link.href}>{service.link.label}</a>
              </p>
            )}
          </li>
        ))}
      </ul>
      {section.link && (
        <p className="section__more">
          <a href={section.link.href}>{section.link.label}</a>
        </p>
      )}
    </SectionFrame>
  );
}

/** How working with the firm goes, step by numbered step. */
export function StepsSection({ section }: { section: SectionOf<'steps'> }) {
  return (
    <SectionFrame id={section.id} heading={section.heading} className="section--tinted">
      <ol className="card-grid steps">
        {section.items.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a section's items have no identity but their place
          <li key={index} className="steps__item">
            <h3>{step.title}</h3>
            {paragraphsOf(step.text)}
          </li>
        ))}
      </ol>
    </SectionFrame>
  );
}

export function TeamSection({ section }: { section: SectionOf<'team'> }) {
  return (
    <SectionFrame id={section.id} heading={section.heading}>
      <ul className="card-grid">
        {section.members.map((person, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a section's items have no identity but their place
          <li key={index} className="card person">
            {person.photo ? (
              <SectionPicture image={person.photo} className="person__photo" sizes="7rem" />
            ) : (
              <span className="person__monogram" aria-hidden="true">
                {monogramOf(person.name)}
              </span>
            )}
            <h3>{person.name}</h3>
            <p className="person__role">{person.role}</p>
            {person.qualifications && <p className="person__qualifications">{person.qualifications}</p>}
            {paragraphsOf(person.biography)}
            {person.adviserId && (
              <p className="person__book">
                <BookCallButton
                  label={`Book a call with ${person.name}`}
                  className="button button--secondary"
                  adviser={{ id: person.adviserId, name: person.name }}
                />
              </p>
            )}
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}

export function ReviewsSection({ section }: { section: SectionOf<'reviews'> }) {
  const reviews = publishableReviews(section.items);
  if (reviews.length === 0) return null;
  return (
    <SectionFrame id={section.id} heading={section.heading}>
      <div className="card-grid">
        {reviews.map((review, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a section's items have no identity but their place
          <figure key={index} className="card testimonial">
            {review.rating && (
              <p className="testimonial__rating">
                <span role="img" aria-label={`Rated ${review.rating} out of 5`}>
                  {'★'.repeat(review.rating)}
                  <span className="testimonial__rating-rest">{'★'.repeat(5 - review.rating)}</span>
                </span>
              </p>
            )}
            <blockquote>{paragraphsOf(review.quote)}</blockquote>
            <figcaption>
              <strong className="testimonial__name">{review.name}</strong>
              {review.business && <span className="testimonial__business">{review.business}</span>}
            </figcaption>
          </figure>
        ))}
      </div>
    </SectionFrame>
  );
}

/** Questions and answers, each answer opened in place; search engines get them as an FAQPage. */
export function FaqSection({ section }: { section: SectionOf<'faq'> }) {
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: section.items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: plainTextOf(item.answer) },
    })),
  };
  return (
    <SectionFrame id={section.id} heading={section.heading}>
      <div className="faq">
        {section.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a section's items have no identity but their place
          <details key={index} className="faq__item">
            <summary>{item.question}</summary>
            <div className="prose">
              <RichTextView text={item.answer} headingsFrom={3} />
            </div>
          </details>
        ))}
      </div>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script element (jsonForScript)
        dangerouslySetInnerHTML={{ __html: jsonForScript(structured) }}
      />
    </SectionFrame>
  );
}

type CallToActionTarget = (typeof callToActionTargets)[number];

/** Where each call to action's button leads, besides the booking calendar. */
const targetPaths = {
  contact: '/contact',
  quote: '/quote',
  application: '/application',
  newsletter: '/newsletter',
};

export function CallToActionSection({ section }: { section: SectionOf<'call-to-action'> }) {
  return (
    <SectionFrame id={section.id} heading={section.heading} className="section--tinted">
      {section.text && <p>{section.text}</p>}
      <p className="hero__actions">
        <CallToActionButton target={section.target} label={section.label} />
        {section.second && (
          <CallToActionButton target={section.second.target} label={section.second.label} secondary />
        )}
      </p>
    </SectionFrame>
  );
}

function CallToActionButton({
  target,
  label,
  secondary = false,
}: {
  target: CallToActionTarget;
  label: string;
  secondary?: boolean;
}) {
  const className = secondary ? 'button button--secondary' : 'button';
  return target === 'book-call' ? (
    <BookCallButton label={label} className={className} />
  ) : (
    <a className={className} href={targetPaths[target]}>
      {label}
    </a>
  );
}

/** Text typed on several lines, a paragraph a line. */
function paragraphsOf(text: string) {
  return (
    text
      .split('\n')
      .filter((line) => line.trim())
      // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
      .map((line, index) => <p key={index}>{line}</p>)
  );
}

import { BookCallButton } from '#client/features/booking/BookCallButton.tsx';
import { Island } from '#client/islands/Island.tsx';
import { useFirm } from '#client/lib/firm.tsx';
import { PageHero } from '#client/lib/PageHero.tsx';
import { unbroken } from '#client/lib/unbroken.ts';
import { mailtoHref } from '#shared/mailto.ts';
import type { PageDocument, Section, SectionOf } from '#shared/sections.ts';
import { FirmAccreditations } from './FirmAccreditations.tsx';
import { RichTextView } from './RichTextView.tsx';
import { SectionPicture } from './SectionPicture.tsx';
import {
  CallToActionSection,
  FaqSection,
  ReviewsSection,
  RichTextSection,
  SectionFrame,
  ServicesSection,
  TeamSection,
} from './TextSections.tsx';

// A page of the firm's own, drawn from its sections (docs/decisions/023-pages-are-sections.md).

function HeroSection({ section }: { section: SectionOf<'hero'> }) {
  const firm = useFirm();
  return (
    <PageHero
      eyebrow={firm.tagline}
      heading={section.heading}
      lead={section.lead}
      art={
        section.picture && (
          <SectionPicture
            image={section.picture}
            className="hero-photo"
            sizes="(min-width: 960px) 50vw, min(100vw, 22rem)"
            first
          />
        )
      }
    >
      {section.bookCall && (
        <p className="hero__actions">
          <BookCallButton />
        </p>
      )}
    </PageHero>
  );
}

function AccreditationsSection({ section }: { section: SectionOf<'accreditations'> }) {
  const firm = useFirm();
  if (firm.accreditations.length === 0 && firm.badges.length === 0) return null;
  return (
    <SectionFrame id={section.id} heading={section.heading} className="accreditations">
      <FirmAccreditations />
    </SectionFrame>
  );
}

function ContactDetailsSection({ section }: { section: SectionOf<'contact-details'> }) {
  const firm = useFirm();
  return (
    <SectionFrame id={section.id} heading={section.heading}>
      <p>
        {firm.phone && <a href={firm.phoneHref}>{unbroken(firm.phone)}</a>}
        {firm.phone && firm.email && <br />}
        {firm.email && <a href={mailtoHref(firm.email)}>{firm.email}</a>}
      </p>
      <address>
        {firm.legalName}
        <br />
        {firm.address.street}, {firm.address.locality}
        <br />
        {unbroken(firm.address.postcode)}
      </address>
      {firm.openingHours && <p>{firm.openingHours}</p>}
    </SectionFrame>
  );
}

/** Words beside a picture, on the side chosen; on a phone the picture comes first. */
function ImageTextSection({ section }: { section: SectionOf<'image-text'> }) {
  return (
    <SectionFrame id={section.id} heading={section.heading}>
      <div className={`image-text image-text--${section.imageSide}`}>
        {section.image && (
          <SectionPicture
            image={section.image}
            className="image-text__picture"
            sizes="(min-width: 960px) 40vw, 100vw"
          />
        )}
        <div className="prose">
          <RichTextView text={section.body} headingsFrom={3} />
        </div>
      </div>
    </SectionFrame>
  );
}

function FormSection({ section }: { section: SectionOf<'form'> }) {
  const form =
    section.form === 'application' ? (
      <Island name="application-form" props={{}} />
    ) : section.form === 'newsletter' ? (
      <Island name="subscribe-form" props={{}} />
    ) : (
      <Island name="enquiry-form" props={{ kind: section.form }} />
    );
  return (
    <SectionFrame id={section.id} heading={section.heading ?? ''} className="section--form">
      {form}
    </SectionFrame>
  );
}

function VatExplainerSection({ section }: { section: SectionOf<'vat-explainer'> }) {
  return (
    <section id={`section-${section.id}`} className="section">
      <div className="container">
        <Island name="vat-calculator" props={{}} />
      </div>
    </section>
  );
}

function SectionView({ section }: { section: Section }) {
  switch (section.type) {
    case 'hero':
      return <HeroSection section={section} />;
    case 'rich-text':
      return <RichTextSection section={section} />;
    case 'services':
      return <ServicesSection section={section} />;
    case 'team':
      return <TeamSection section={section} />;
    case 'reviews':
      return <ReviewsSection section={section} />;
    case 'accreditations':
      return <AccreditationsSection section={section} />;
    case 'faq':
      return <FaqSection section={section} />;
    case 'call-to-action':
      return <CallToActionSection section={section} />;
    case 'contact-details':
      return <ContactDetailsSection section={section} />;
    case 'image-text':
      return <ImageTextSection section={section} />;
    case 'form':
      return <FormSection section={section} />;
    case 'vat-explainer':
      return <VatExplainerSection section={section} />;
  }
}

/**
 * Every section of the page in order. A page whose first section is not a hero still opens with its one
 * h1: its title, in a plain band.
 */
export function PageSections({ document }: { document: PageDocument }) {
  return (
    <>
      {document.sections[0]?.type !== 'hero' && <PageHero eyebrow="" heading={document.title} lead="" />}
      {document.sections.map((section) => (
        <SectionView key={section.id} section={section} />
      ))}
    </>
  );
}

/** Whether the page sends a form or books a call, so it carries the bot check's settings. */
export const needsBotCheck = (document: PageDocument) =>
  document.sections.some(
    (section) =>
      section.type === 'form' ||
      (section.type === 'hero' && section.bookCall) ||
      (section.type === 'call-to-action' && section.target === 'book-call'),
  );

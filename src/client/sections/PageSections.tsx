import { BookCallButton } from '#client/features/booking/BookCallButton.tsx';
import { Regulation } from '#client/features/site/Regulation.tsx';
import { Island } from '#client/islands/Island.tsx';
import { useFirm } from '#client/lib/firm.tsx';
import { NextSteps } from '#client/lib/NextSteps.tsx';
import { PageHero } from '#client/lib/PageHero.tsx';
import { unbroken } from '#client/lib/unbroken.ts';
import { mailtoHref } from '#shared/mailto.ts';
import type { PageDocument, Section, SectionOf } from '#shared/sections.ts';
import { FirmAccreditations } from './FirmAccreditations.tsx';
import { HeroIllustration } from './HeroIllustration.tsx';
import { HeroPhoto } from './HeroPhoto.tsx';
import { CookieListSection } from './legal/CookieList.tsx';
import { PrivacyNoticeSection } from './legal/PrivacyNotice.tsx';
import { RichTextView } from './RichTextView.tsx';
import { SectionPicture } from './SectionPicture.tsx';
import {
  CallToActionSection,
  FaqSection,
  ReviewsSection,
  RichTextSection,
  SectionFrame,
  ServicesSection,
  StepsSection,
  TeamSection,
} from './TextSections.tsx';
import { VatExplainerSection } from './VatExplainer.tsx';

// A page of the firm's own, drawn from its sections (docs/decisions/023-pages-are-sections.md).

/** How wide an opening band's picture is drawn: half a wide screen, the column on a phone. */
export const heroPictureSizes = '(min-width: 960px) 50vw, min(100vw, 22rem)';

function HeroSection({ section }: { section: SectionOf<'hero'> }) {
  const firm = useFirm();
  const art = section.picture ? (
    <SectionPicture image={section.picture} className="hero-photo" sizes={heroPictureSizes} first />
  ) : section.firmPicture ? (
    firm.hero ? (
      <HeroPhoto picture={firm.hero} />
    ) : (
      <HeroIllustration />
    )
  ) : null;
  return (
    <PageHero
      eyebrow={section.eyebrow || firm.tagline}
      heading={section.heading}
      lead={section.lead}
      compact={!section.firmPicture}
      art={art}
    >
      {(section.bookCall || (section.callUs && firm.phone)) && (
        <p className="hero__actions">
          {section.bookCall && <BookCallButton />}
          {section.callUs && firm.phone && (
            <a className="button button--secondary" href={firm.phoneHref}>
              Call {firm.phone}
            </a>
          )}
        </p>
      )}
      {section.facts && firm.facts.length > 0 && (
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
  );
}

function AccreditationsSection({ section }: { section: SectionOf<'accreditations'> }) {
  const firm = useFirm();
  if (firm.accreditations.length === 0 && firm.badges.length === 0 && !firm.regulator) return null;
  return (
    <SectionFrame id={section.id} heading={section.heading} className="accreditations">
      <FirmAccreditations />
      <Regulation />
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

/**
 * One of the SPEC's forms, with any words the firm put before it; with the steps that follow its sending,
 * those stand beside it with the firm's contact details, as on a page built around the form.
 */
function FormSection({ section }: { section: SectionOf<'form'> }) {
  const firm = useFirm();
  const form =
    section.form === 'application' ? (
      <Island name="application-form" props={{ questionnaire: firm.questionnaire }} />
    ) : section.form === 'newsletter' ? (
      <Island name="subscribe-form" props={{}} />
    ) : (
      <Island name="enquiry-form" props={{ kind: section.form }} />
    );
  const content = (
    <>
      {section.intro && (
        <div className="prose">
          <RichTextView text={section.intro} headingsFrom={section.heading ? 3 : 2} />
        </div>
      )}
      {form}
    </>
  );
  return (
    <SectionFrame id={section.id} heading={section.heading ?? ''} className="section--form">
      {section.steps && section.steps.length > 0 ? (
        <div className="page-grid">
          <div>{content}</div>
          <NextSteps steps={section.steps} />
        </div>
      ) : (
        content
      )}
    </SectionFrame>
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
    case 'steps':
      return <StepsSection section={section} />;
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
    case 'privacy-notice':
      return <PrivacyNoticeSection section={section} />;
    case 'cookie-list':
      return <CookieListSection section={section} />;
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
      (section.type === 'call-to-action' &&
        (section.target === 'book-call' || section.second?.target === 'book-call')) ||
      (section.type === 'team' && section.members.some((member) => member.adviserId)),
  );

import type { Section, SectionOf } from '#shared/sections.ts';
import { CallToActionFields, FormFields, HeroFields } from './ActionFields.tsx';
import { type FieldsOf, HeadingField, Items, Line, withOptional } from './field-controls.tsx';
import { type PageAdviser, ReviewsFields, TeamFields } from './PeopleFields.tsx';
import { PictureField } from './PictureField.tsx';
import RichTextEditor from './RichTextEditor.tsx';
import { ServicesFields, StepsFields } from './ServiceFields.tsx';

// The fields of each type of section on the page editor, each labelled as a partner would say it.

export type { PageAdviser };

/** The fields of `section`, which report each change as the whole section changed. */
export function SectionFields({
  section,
  onChange,
  advisers,
}: {
  section: Section;
  onChange: (next: Section) => void;
  advisers: readonly PageAdviser[];
}) {
  const id = (field: string) => `${section.id}-${field}`;
  // Each type's fields change a section of that type, which is a Section.
  const props = <S extends Section>(of: S): FieldsOf<S> => ({ section: of, onChange, id });
  switch (section.type) {
    case 'hero':
      return <HeroFields {...props(section)} />;
    case 'rich-text':
      return (
        <>
          <HeadingField {...props(section)} optional />
          <RichTextEditor
            label="Text"
            value={section.body}
            onChange={(body) => onChange({ ...section, body })}
          />
        </>
      );
    case 'services':
      return <ServicesFields {...props(section)} />;
    case 'steps':
      return <StepsFields {...props(section)} />;
    case 'team':
      return <TeamFields {...props(section)} advisers={advisers} />;
    case 'reviews':
      return <ReviewsFields {...props(section)} />;
    case 'faq':
      return <FaqFields {...props(section)} />;
    case 'call-to-action':
      return <CallToActionFields {...props(section)} />;
    case 'form':
      return <FormFields {...props(section)} />;
    case 'accreditations':
    case 'contact-details':
      return (
        <>
          <HeadingField {...props(section)} />
          <p className="field__hint">Shows what Firm details holds: change it there.</p>
        </>
      );
    case 'image-text':
      return <ImageTextFields {...props(section)} />;
    case 'vat-explainer':
      return <p className="field__hint">The explainer and calculator, as on the VAT guide.</p>;
    case 'privacy-notice':
      return (
        <p className="field__hint">
          What the site collects, why and for how long, and how to ask about it, with the firm’s details. The
          site keeps these words true to what it does; write your own in a section of text beside it.
        </p>
      );
    case 'cookie-list':
      return (
        <p className="field__hint">
          Everything the site stores in a visitor’s browser. The site keeps the list true to what it does.
        </p>
      );
  }
}

function FaqFields({ section, onChange, id }: FieldsOf<SectionOf<'faq'>>) {
  return (
    <>
      <HeadingField section={section} onChange={onChange} id={id} />
      <Items
        items={section.items}
        max={30}
        adding="Add a question"
        name={(item, index) => item.question || `Question ${index + 1}`}
        blank={{ question: '', answer: [] }}
        onChange={(items) => onChange({ ...section, items })}
      >
        {(item, index, change) => (
          <>
            <Line
              id={id(`${index}-question`)}
              label="Question"
              value={item.question}
              max={200}
              onChange={(question) => change({ ...item, question })}
            />
            <RichTextEditor
              label="Answer"
              value={item.answer}
              onChange={(answer) => change({ ...item, answer })}
            />
          </>
        )}
      </Items>
    </>
  );
}

function ImageTextFields({ section, onChange, id }: FieldsOf<SectionOf<'image-text'>>) {
  return (
    <>
      <HeadingField section={section} onChange={onChange} id={id} />
      <PictureField
        label="Picture"
        value={section.image}
        onChange={(image) => onChange(withOptional({ ...section }, 'image', image))}
      />
      <div className="bo-field">
        <label htmlFor={id('side')}>On a wide screen, the picture is</label>
        <select
          id={id('side')}
          value={section.imageSide}
          onChange={(event) => onChange({ ...section, imageSide: event.target.value as 'start' | 'end' })}
        >
          <option value="start">Left of the text</option>
          <option value="end">Right of the text</option>
        </select>
      </div>
      <RichTextEditor label="Text" value={section.body} onChange={(body) => onChange({ ...section, body })} />
    </>
  );
}

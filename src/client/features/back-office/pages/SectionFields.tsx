import type { RichText } from '#shared/rich-text.ts';
import { callToActionTargets, type Section, type SectionOf, sectionForms } from '#shared/sections.ts';
import { Items, Line, Lines, Tick, withOptional } from './field-controls.tsx';
import { PictureField } from './PictureField.tsx';
import RichTextEditor from './RichTextEditor.tsx';

// The fields of each type of section on the page editor, each labelled as a partner would say it.

type Change<S extends Section> = (next: S) => void;

const targetLabels: Record<(typeof callToActionTargets)[number], string> = {
  'book-call': 'The booking calendar',
  contact: 'The contact form',
  quote: 'The quote form',
  application: 'The questionnaire',
  newsletter: 'The newsletter sign-up',
};

/** The fields of `section`, which report each change as the whole section changed. */
/** An adviser who takes calls, whom a team member may offer a call with. */
export interface PageAdviser {
  id: number;
  name: string;
}

export function SectionFields({
  section,
  onChange,
  advisers,
}: {
  section: Section;
  onChange: Change<Section>;
  advisers: readonly PageAdviser[];
}) {
  const id = (field: string) => `${section.id}-${field}`;
  const heading = (optional = false) =>
    'heading' in section && (
      <Line
        id={id('heading')}
        label={optional ? 'Heading (if it has one)' : 'Heading'}
        value={section.heading ?? ''}
        max={120}
        onChange={(value) => onChange({ ...section, heading: value } as Section)}
      />
    );
  const text = (label: string, value: RichText, change: (value: RichText) => void) => (
    <RichTextEditor label={label} value={value} onChange={change} />
  );

  switch (section.type) {
    case 'hero':
      return (
        <>
          {heading()}
          <Lines
            id={id('lead')}
            label="Lead"
            value={section.lead}
            max={400}
            onChange={(lead) => onChange({ ...section, lead })}
          />
          <Tick
            id={id('book')}
            label="Offer an initial call (a button to the booking calendar)"
            checked={section.bookCall}
            onChange={(bookCall) => onChange({ ...section, bookCall })}
          />
          <PictureField
            label="Picture beside the heading (if any)"
            value={section.picture}
            onChange={(picture) => onChange(withOptional({ ...section }, 'picture', picture))}
          />
        </>
      );
    case 'rich-text':
      return (
        <>
          {heading(true)}
          {text('Text', section.body, (body) => onChange({ ...section, body }))}
        </>
      );
    case 'services':
      return (
        <>
          {heading()}
          <Items
            items={section.items}
            max={12}
            adding="Add a service"
            name={(item, index) => item.title || `Service ${index + 1}`}
            blank={{ title: '', text: '', price: '' }}
            onChange={(items) => onChange({ ...section, items } as SectionOf<'services'>)}
          >
            {(item, index, change) => (
              <>
                <Line
                  id={id(`${index}-title`)}
                  label="Service"
                  value={item.title}
                  max={80}
                  onChange={(title) => change({ ...item, title })}
                />
                <Line
                  id={id(`${index}-price`)}
                  label="Price (if you show one)"
                  hint="As you would say it, e.g. From £60 a month."
                  value={item.price}
                  max={40}
                  onChange={(price) => change({ ...item, price })}
                />
                <Lines
                  id={id(`${index}-text`)}
                  label="What it includes"
                  value={item.text}
                  max={400}
                  onChange={(value) => change({ ...item, text: value })}
                />
              </>
            )}
          </Items>
        </>
      );
    case 'team':
      return (
        <>
          {heading()}
          <Items
            items={section.members}
            max={24}
            adding="Add a person"
            name={(member, index) => member.name || `Person ${index + 1}`}
            blank={{ name: '', role: '', qualifications: '', biography: '' }}
            onChange={(members) => onChange({ ...section, members } as SectionOf<'team'>)}
          >
            {(member, index, change) => (
              <>
                <Line
                  id={id(`${index}-name`)}
                  label="Name"
                  value={member.name}
                  max={80}
                  onChange={(name) => change({ ...member, name })}
                />
                <Line
                  id={id(`${index}-role`)}
                  label="Role"
                  value={member.role}
                  max={80}
                  onChange={(role) => change({ ...member, role })}
                />
                <Line
                  id={id(`${index}-qualifications`)}
                  label="Qualifications"
                  value={member.qualifications}
                  max={120}
                  onChange={(qualifications) => change({ ...member, qualifications })}
                />
                <PictureField
                  label={`Photo of ${member.name || 'them'}`}
                  value={member.photo}
                  onChange={(photo) => change(withOptional({ ...member }, 'photo', photo))}
                />
                <Lines
                  id={id(`${index}-biography`)}
                  label="A few words about them"
                  value={member.biography}
                  max={600}
                  onChange={(biography) => change({ ...member, biography })}
                />
                <AdviserChoice
                  id={id(`${index}-adviser`)}
                  advisers={advisers}
                  value={member.adviserId}
                  onChange={(adviserId) => change(withOptional({ ...member }, 'adviserId', adviserId))}
                />
              </>
            )}
          </Items>
        </>
      );
    case 'reviews':
      return (
        <>
          {heading()}
          <Items
            items={section.items}
            max={12}
            adding="Add a review"
            name={(review, index) => review.name || `Review ${index + 1}`}
            blank={{ quote: '', name: '', business: '', permission: false }}
            onChange={(items) => onChange({ ...section, items } as SectionOf<'reviews'>)}
          >
            {(review, index, change) => (
              <>
                <Lines
                  id={id(`${index}-quote`)}
                  label="What the client said"
                  value={review.quote}
                  max={600}
                  onChange={(quote) => change({ ...review, quote })}
                />
                <Line
                  id={id(`${index}-name`)}
                  label="Client’s name"
                  value={review.name}
                  max={80}
                  onChange={(name) => change({ ...review, name })}
                />
                <Line
                  id={id(`${index}-business`)}
                  label="Their business"
                  value={review.business}
                  max={120}
                  onChange={(business) => change({ ...review, business })}
                />
                <div className="bo-field">
                  <label htmlFor={id(`${index}-rating`)}>Rating</label>
                  <select
                    id={id(`${index}-rating`)}
                    value={review.rating ?? ''}
                    onChange={(event) => {
                      const { rating: _, ...rest } = review;
                      change(event.target.value ? { ...rest, rating: Number(event.target.value) } : rest);
                    }}
                  >
                    <option value="">None</option>
                    {[5, 4, 3, 2, 1].map((stars) => (
                      <option key={stars} value={stars}>
                        {stars} out of 5
                      </option>
                    ))}
                  </select>
                </div>
                <Tick
                  id={id(`${index}-permission`)}
                  label="The client agreed to these words being on the site (without this, it is not shown)"
                  checked={review.permission}
                  onChange={(permission) => change({ ...review, permission })}
                />
              </>
            )}
          </Items>
        </>
      );
    case 'faq':
      return (
        <>
          {heading()}
          <Items
            items={section.items}
            max={30}
            adding="Add a question"
            name={(item, index) => item.question || `Question ${index + 1}`}
            blank={{ question: '', answer: [] }}
            onChange={(items) => onChange({ ...section, items } as SectionOf<'faq'>)}
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
                {text('Answer', item.answer, (answer) => change({ ...item, answer }))}
              </>
            )}
          </Items>
        </>
      );
    case 'call-to-action':
      return (
        <>
          {heading()}
          <Line
            id={id('text')}
            label="Text (if any)"
            value={section.text}
            max={300}
            onChange={(value) => onChange({ ...section, text: value })}
          />
          <Line
            id={id('label')}
            label="Button"
            value={section.label}
            max={40}
            onChange={(label) => onChange({ ...section, label })}
          />
          <div className="bo-field">
            <label htmlFor={id('target')}>The button leads to</label>
            <select
              id={id('target')}
              value={section.target}
              onChange={(event) =>
                onChange({ ...section, target: event.target.value as SectionOf<'call-to-action'>['target'] })
              }
            >
              {callToActionTargets.map((target) => (
                <option key={target} value={target}>
                  {targetLabels[target]}
                </option>
              ))}
            </select>
          </div>
        </>
      );
    case 'form':
      return (
        <>
          <Line
            id={id('heading')}
            label="Heading (if it has one)"
            value={section.heading ?? ''}
            max={120}
            onChange={(value) => onChange({ ...section, heading: value })}
          />
          <div className="bo-field">
            <label htmlFor={id('form')}>Which form</label>
            <select
              id={id('form')}
              value={section.form}
              onChange={(event) =>
                onChange({ ...section, form: event.target.value as SectionOf<'form'>['form'] })
              }
            >
              {sectionForms.map((form) => (
                <option key={form} value={form}>
                  {targetLabels[form]}
                </option>
              ))}
            </select>
          </div>
        </>
      );
    case 'accreditations':
    case 'contact-details':
      return (
        <>
          {heading()}
          <p className="field__hint">Shows what Firm details holds: change it there.</p>
        </>
      );
    case 'image-text':
      return (
        <>
          {heading()}
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
          {text('Text', section.body, (body) => onChange({ ...section, body }))}
        </>
      );
    case 'vat-explainer':
      return <p className="field__hint">The explainer and calculator, as on the VAT guide.</p>;
  }
}

/**
 * Whether a team member offers "Book a call with …": the calendar then shows only that adviser's times.
 * An adviser no longer taking calls stays listed while a member still names them, so that nothing is
 * changed unseen.
 */
function AdviserChoice({
  id,
  advisers,
  value,
  onChange,
}: {
  id: string;
  advisers: readonly PageAdviser[];
  value: number | undefined;
  onChange: (adviserId: number | undefined) => void;
}) {
  const listed = value === undefined || advisers.some((adviser) => adviser.id === value);
  return (
    <div className="bo-field">
      <label htmlFor={id}>Book a call with them</label>
      <p className="field__hint" id={`${id}-hint`}>
        {advisers.length === 0
          ? 'Make someone an adviser on the Advisers screen to offer calls with them.'
          : 'A button on the page opens the calendar with only this adviser’s times.'}
      </p>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">No button</option>
        {advisers.map((adviser) => (
          <option key={adviser.id} value={adviser.id}>
            {adviser.name}’s calendar
          </option>
        ))}
        {!listed && <option value={value}>An adviser who no longer takes calls</option>}
      </select>
    </div>
  );
}

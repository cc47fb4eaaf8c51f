import { callToActionTargets, type SectionOf, sectionForms } from '#shared/sections.ts';
import {
  type FieldsOf,
  HeadingField,
  Line,
  LineItems,
  Lines,
  Tick,
  withOptional,
} from './field-controls.tsx';
import { PictureField } from './PictureField.tsx';
import RichTextEditor from './RichTextEditor.tsx';

// The sections that ask visitors to do something: the opening band with its buttons, a call to action,
// and one of the site's forms.

type Target = (typeof callToActionTargets)[number];

const targetLabels: Record<Target, string> = {
  'book-call': 'The booking calendar',
  contact: 'The contact form',
  quote: 'The quote form',
  application: 'The questionnaire',
  newsletter: 'The newsletter sign-up',
};

function TargetChoice({
  id,
  label,
  value,
  targets = callToActionTargets,
  onChange,
}: {
  id: string;
  label: string;
  value: Target;
  targets?: readonly Target[];
  onChange: (target: Target) => void;
}) {
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Target)}>
        {targets.map((target) => (
          <option key={target} value={target}>
            {targetLabels[target]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function HeroFields({ section, onChange, id }: FieldsOf<SectionOf<'hero'>>) {
  return (
    <>
      <Line
        id={id('eyebrow')}
        label="Words above the heading"
        hint="A few words, such as About us. Left empty, the firm’s strapline (Firm details)."
        value={section.eyebrow ?? ''}
        max={60}
        onChange={(eyebrow) => onChange(withOptional({ ...section }, 'eyebrow', eyebrow || undefined))}
      />
      <HeadingField section={section} onChange={onChange} id={id} />
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
      <Tick
        id={id('call-us')}
        label="Show a button that rings the firm’s number"
        checked={section.callUs ?? false}
        onChange={(callUs) => onChange(withOptional({ ...section }, 'callUs', callUs || undefined))}
      />
      <Tick
        id={id('facts')}
        label="Show the firm’s figures (from Firm details)"
        checked={section.facts ?? false}
        onChange={(facts) => onChange(withOptional({ ...section }, 'facts', facts || undefined))}
      />
      <PictureField
        label="Picture beside the heading (if any)"
        value={section.picture}
        onChange={(picture) => onChange(withOptional({ ...section }, 'picture', picture))}
      />
      {!section.picture && (
        <Tick
          id={id('firm-picture')}
          label="Without a picture of its own: the firm’s photo (Look), or the drawing"
          checked={section.firmPicture ?? false}
          onChange={(firmPicture) =>
            onChange(withOptional({ ...section }, 'firmPicture', firmPicture || undefined))
          }
        />
      )}
    </>
  );
}

export function CallToActionFields({ section, onChange, id }: FieldsOf<SectionOf<'call-to-action'>>) {
  const { second } = section;
  return (
    <>
      <HeadingField section={section} onChange={onChange} id={id} />
      <Line
        id={id('text')}
        label="Text (if any)"
        value={section.text}
        max={300}
        onChange={(text) => onChange({ ...section, text })}
      />
      <Line
        id={id('label')}
        label="Button"
        value={section.label}
        max={40}
        onChange={(label) => onChange({ ...section, label })}
      />
      <TargetChoice
        id={id('target')}
        label="The button leads to"
        value={section.target}
        onChange={(target) => onChange({ ...section, target })}
      />
      <Tick
        id={id('second')}
        label="A second button beside it"
        checked={second !== undefined}
        onChange={(wanted) =>
          onChange(
            withOptional(
              { ...section },
              'second',
              wanted ? { target: 'contact', label: 'Send us a message' } : undefined,
            ),
          )
        }
      />
      {second && (
        <>
          <Line
            id={id('second-label')}
            label="Second button"
            value={second.label}
            max={40}
            onChange={(label) => onChange({ ...section, second: { ...second, label } })}
          />
          <TargetChoice
            id={id('second-target')}
            label="The second button leads to"
            value={second.target}
            onChange={(target) => onChange({ ...section, second: { ...second, target } })}
          />
        </>
      )}
    </>
  );
}

export function FormFields({ section, onChange, id }: FieldsOf<SectionOf<'form'>>) {
  return (
    <>
      <HeadingField section={section} onChange={onChange} id={id} optional />
      <TargetChoice
        id={id('form')}
        label="Which form"
        value={section.form}
        targets={sectionForms}
        onChange={(form) => onChange({ ...section, form: form as SectionOf<'form'>['form'] })}
      />
      <RichTextEditor
        label="Words before the form (if any)"
        value={section.intro ?? []}
        onChange={(intro) =>
          onChange(withOptional({ ...section }, 'intro', intro.length > 0 ? intro : undefined))
        }
      />
      <LineItems
        id={id('steps')}
        label="What happens next, beside the form with the firm’s contact details (if you list it)"
        itemName="Step"
        adding="Add a step"
        items={section.steps ?? []}
        max={6}
        maxLength={200}
        onChange={(steps) =>
          onChange(withOptional({ ...section }, 'steps', steps.length > 0 ? steps : undefined))
        }
      />
    </>
  );
}

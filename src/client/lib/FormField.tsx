import type { Field } from '#shared/form-fields.ts';
import { FieldError } from './FieldError.tsx';

export interface FormFieldProps {
  /** The id of the control (its first radio for a choice): error summaries link to it. */
  id: string;
  name: string;
  field: Field;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

const inputModes: Partial<Record<Field['kind'], 'numeric' | 'decimal' | 'url' | 'tel'>> = {
  count: 'numeric',
  pounds: 'decimal',
  website: 'url',
  phone: 'tel',
};

const inputTypes: Partial<Record<Field['kind'], string>> = { email: 'email', phone: 'tel' };

/** One described field with the control that suits it, its hint and its error, all tied to it for screen readers. */
export function FormField({ id, name, field, value, error, onChange }: FormFieldProps) {
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const hint = field.hint && (
    <p id={hintId} className="field__hint">
      {field.hint}
    </p>
  );

  if (field.kind === 'choice') {
    return (
      <fieldset className="field choice" aria-describedby={describedBy}>
        <legend>{field.label}</legend>
        {hint}
        <FieldError id={`${id}-error`} error={error} />
        {field.options.map((option, index) => (
          <label key={option} className="choice__option">
            <input
              id={index === 0 ? id : `${id}-${index}`}
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(option)}
            />
            <span>{option}</span>
          </label>
        ))}
      </fieldset>
    );
  }

  const common = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  const numeric = field.kind === 'count' || field.kind === 'pounds';
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      {hint}
      <FieldError id={`${id}-error`} error={error} />
      {field.kind === 'paragraph' ? (
        <textarea {...common} rows={field.max > 2000 ? 8 : 4} maxLength={field.max} />
      ) : (
        <input
          {...common}
          type={inputTypes[field.kind] ?? 'text'}
          // Numbers use a text field with a numeric keyboard, avoiding number inputs' scroll-wheel and "e" surprises.
          inputMode={inputModes[field.kind]}
          maxLength={field.kind === 'line' ? field.max : undefined}
          autoComplete={field.autoComplete ?? 'off'}
          spellCheck={field.kind === 'email' || field.kind === 'website' ? false : undefined}
          className={numeric ? 'field__number' : field.kind === 'postcode' ? 'field__postcode' : undefined}
        />
      )}
    </div>
  );
}

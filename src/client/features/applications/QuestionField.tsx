import type { Question, QuestionName } from '../../../shared/application.ts';
import { FieldError } from '../../lib/FieldError.tsx';

export interface QuestionFieldProps {
  name: QuestionName;
  question: Question;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The id of a question's control (its first radio for a choice): error summaries link to it. */
export const controlId = (name: QuestionName) => `application-${name}`;

const autoComplete: Partial<Record<QuestionName, string>> = {
  yourName: 'name',
  emailAddress: 'email',
  businessName: 'organization',
  website: 'url',
};

/** One question with the control that suits its answers, its hint and its error, all tied to it for screen readers. */
export function QuestionField({ name, question, value, error, onChange }: QuestionFieldProps) {
  const id = controlId(name);
  const hintId = question.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const hint = question.hint && (
    <p id={hintId} className="field__hint">
      {question.hint}
    </p>
  );

  if (question.kind === 'choice') {
    return (
      <fieldset className="field choice" aria-describedby={describedBy}>
        <legend>{question.label}</legend>
        {hint}
        <FieldError id={`${id}-error`} error={error} />
        {question.options.map((option, index) => (
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
  return (
    <div className="field">
      <label htmlFor={id}>{question.label}</label>
      {hint}
      <FieldError id={`${id}-error`} error={error} />
      {question.kind === 'paragraph' ? (
        <textarea {...common} rows={4} maxLength={question.max} />
      ) : (
        <input
          {...common}
          type={question.kind === 'email' ? 'email' : 'text'}
          // Counts take digits only; a text field with a numeric keyboard avoids number inputs' scroll-wheel and "e" surprises.
          inputMode={question.kind === 'count' ? 'numeric' : question.kind === 'website' ? 'url' : undefined}
          maxLength={question.kind === 'line' ? question.max : undefined}
          autoComplete={autoComplete[name] ?? 'off'}
          spellCheck={question.kind === 'email' || question.kind === 'website' ? false : undefined}
          className={question.kind === 'count' ? 'field__count' : undefined}
        />
      )}
    </div>
  );
}

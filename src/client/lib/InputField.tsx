import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from './FieldError.tsx';

export interface InputFieldProps extends ComponentProps<'input'> {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | null | undefined;
  /** More elements that describe the input (a live verdict below it, say). */
  describedBy?: string;
  /** Shown after the input. */
  children?: ReactNode;
}

/** A labelled input with its hint and its error, tied to it for screen readers (error first, then hint). */
export function InputField({ id, label, hint, error, describedBy, children, ...input }: InputFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
      <input
        {...input}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error && errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined}
      />
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import { FieldError } from './FieldError.tsx';

export interface TickBoxProps {
  id: string;
  name: string;
  checked: boolean;
  error?: string | undefined;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}

/** One checkbox with its label beside it and its error above, tied to it for screen readers. */
export function TickBox({ id, name, checked, error, onChange, children }: TickBoxProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field tick-box">
      <FieldError id={errorId} error={error} />
      <label className="choice__option">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{children}</span>
      </label>
    </div>
  );
}

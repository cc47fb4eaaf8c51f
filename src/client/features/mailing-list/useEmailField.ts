import { useId, useRef, useState } from 'react';
import { emailAddressProblem } from '#shared/email.ts';

/** The email field both sign-up forms share: its value, its error, and a check that focuses it when it fails. */
export function useEmailField() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;

  /** The trimmed address, or null after showing what is wrong with it. */
  const check = (): string | null => {
    const problem = emailAddressProblem(email);
    setError(problem);
    if (problem) input.current?.focus();
    return problem ? null : email.trim();
  };

  const inputProps = {
    ref: input,
    id,
    type: 'email',
    name: 'emailAddress',
    autoComplete: 'email',
    value: email,
    'aria-invalid': error ? true : undefined,
    onChange: (event: { target: { value: string } }) => setEmail(event.target.value),
  } as const;

  return { id, errorId, error, check, clear: () => setEmail(''), inputProps };
}

import { useEffect, useRef } from 'react';

export interface ErrorSummaryProps {
  /** Each field's problem, linked to the field's control by id, in the form's order. */
  errors: { id: string; message: string }[];
  /** A problem with the whole form (the server's answer, the connection). */
  problem?: string | null;
  /** Counts the visitor's attempts to send: each failed one moves focus here so the problems are read first. */
  attempt: number;
}

/** The GOV.UK Design System's error summary: a list at the top of the form, each problem a link to its field. */
export function ErrorSummary({ errors, problem, attempt }: ErrorSummaryProps) {
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt > 0) summary.current?.focus();
  }, [attempt]);

  if (errors.length === 0 && !problem) return null;
  return (
    <div ref={summary} className="error-summary" role="alert" tabIndex={-1}>
      <h2>There is a problem</h2>
      {problem && <p>{problem}</p>}
      <ul>
        {errors.map(({ id, message }) => (
          <li key={id}>
            <a href={`#${id}`}>{message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

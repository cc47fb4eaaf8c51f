import type { ReactNode } from 'react';
import { dialHref } from '#shared/uk-identifiers.ts';

// The parts a lead's or a person's details are written with.

/** A number as the visitor typed it, a link that rings it where it can be rung (a phone, a softphone). */
export function PhoneNumber({ typed }: { typed: string }) {
  const href = dialHref(typed);
  return href ? <a href={href}>{typed}</a> : typed;
}

/** One labelled value of a description list. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="bo-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

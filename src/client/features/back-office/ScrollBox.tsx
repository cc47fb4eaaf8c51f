import type { ReactNode } from 'react';

/** A wide table's own sideways scroll on a narrow screen; focusable, so a keyboard can scroll it too. */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
    <section className="bo-table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

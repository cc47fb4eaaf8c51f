import type { ReactNode } from 'react';

export interface PageHeroProps {
  eyebrow: string;
  heading: string;
  lead: string;
  /** Calls to action or figures below the lead. */
  children?: ReactNode;
  /** The home page's band is taller than an inner page's. */
  compact?: boolean;
}

/** The opening band of a page: a short label, the page's one h1 and its lead paragraph. */
export function PageHero({ eyebrow, heading, lead, children, compact = true }: PageHeroProps) {
  return (
    <section className={compact ? 'hero hero--compact' : 'hero'}>
      <div className="container">
        <p className="hero__eyebrow">{eyebrow}</p>
        <h1>{heading}</h1>
        <p className="hero__lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}

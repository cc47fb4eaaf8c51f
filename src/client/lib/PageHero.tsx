import type { ReactNode } from 'react';

export interface PageHeroProps {
  eyebrow: string;
  heading: string;
  lead: string;
  /** Calls to action or figures below the lead. */
  children?: ReactNode;
  /** The home page's band is taller than an inner page's. */
  compact?: boolean;
  /** A picture beside the text on a wide screen, below it on a phone (the home page's illustration). */
  art?: ReactNode;
}

/**
 * The opening band of a page: a short label, the page's one h1 and its lead paragraph, as given (a page
 * of sections has its tokens filled in already: a second pass would fill in the firm's own words again).
 */
export function PageHero({ eyebrow, heading, lead, children, compact = true, art }: PageHeroProps) {
  const text = (
    <>
      {eyebrow && <p className="hero__eyebrow">{eyebrow}</p>}
      <h1>{heading}</h1>
      {lead && <p className="hero__lead">{lead}</p>}
      {children}
    </>
  );
  return (
    <section className={compact ? 'hero hero--compact' : 'hero'}>
      {art ? (
        <div className="container hero__layout">
          <div className="hero__text">{text}</div>
          <div className="hero__art">{art}</div>
        </div>
      ) : (
        <div className="container">{text}</div>
      )}
    </section>
  );
}

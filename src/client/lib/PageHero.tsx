import type { ReactNode } from 'react';
import { useFirmWords } from './firm.tsx';

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
 * The opening band of a page: a short label, the page's one h1 and its lead paragraph, with the firm's
 * words in place of their tokens ({firm}, {replyPromise}…).
 */
export function PageHero({ eyebrow, heading, lead, children, compact = true, art }: PageHeroProps) {
  const words = useFirmWords();
  const text = (
    <>
      {eyebrow && <p className="hero__eyebrow">{words(eyebrow)}</p>}
      <h1>{words(heading)}</h1>
      {lead && <p className="hero__lead">{words(lead)}</p>}
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

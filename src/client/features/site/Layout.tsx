import type { ReactNode } from 'react';
import { CookieBanner } from './CookieBanner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** `ownSignUp`: the page holds the newsletter's sign-up form, so the footer leaves its own out. */
export function Layout({
  children,
  path,
  ownSignUp,
}: {
  children: ReactNode;
  path: string | null;
  ownSignUp?: boolean | undefined;
}) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header path={path} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {/* Before the footer: its button comes before the footer's links, and where it stops at the foot of
          the page it stands above them rather than over them (docs/behaviour/site-and-pages.md#cookie-banner). */}
      <CookieBanner />
      <Footer ownSignUp={ownSignUp} />
    </>
  );
}

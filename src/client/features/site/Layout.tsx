import type { ReactNode } from 'react';
import { CookieBanner } from './CookieBanner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import './site.css';

export function Layout({ children, path }: { children: ReactNode; path: string | null }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header path={path} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer path={path} />
      <CookieBanner />
    </>
  );
}

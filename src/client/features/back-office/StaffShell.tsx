import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useFirm } from '#client/lib/firm.tsx';
import { logoWidth } from '#client/lib/logo-width.ts';
import { accountPaths } from '#shared/accounts.ts';
import { NewLeadsBadge } from './NewLeadsBadge.tsx';
import { Link } from './router.tsx';
import { SearchBox } from './SearchBox.tsx';

/** The version running, which a partner reports with a problem (CHANGELOG.md); the build sets it. */
const siteVersion: string | undefined = import.meta.env.VITE_SITE_VERSION;

/** One entry of the navigation: the screen's path under the back office, and its name. */
export type Section = readonly [to: string, label: string];

/**
 * The back office's own layout: the firm's name (back to the overview), the sections, who is signed in
 * and signing out; none of the public site's header, footer, newsletter form or cookie banner. On a
 * phone the sections fold behind a Menu button; on a wide screen they sit in a column beside the work.
 */
export function StaffShell({
  sections,
  current,
  you,
  formToken,
  newLeads,
  searchWords,
  children,
}: {
  sections: readonly Section[];
  current: string;
  /** The signed-in member's name (or, until they give one, email address), once known. */
  you: string | null;
  formToken: string;
  /** Leads received since this member's last visit, once known. */
  newLeads: number | null;
  /** What the search screen shows results for, kept in the search box there. */
  searchWords: string;
  children: ReactNode;
}) {
  const firm = useFirm();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLElement>(null);

  // Opening the menu takes the keyboard to its first link, so the sections are the next thing heard.
  useEffect(() => {
    if (menuOpen) panel.current?.querySelector('a')?.focus();
  }, [menuOpen]);

  const showSections = useCallback(() => setMenuOpen(true), []);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  // A section chosen: the menu folds and the keyboard starts on the new screen, not back at the top.
  const afterNavigating = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[href^="/back-office"]')) return;
    setMenuOpen(false);
    main.current?.focus({ preventScroll: true });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the shell closes the open menu
    <div className={`bo-shell${menuOpen ? ' bo-shell--open' : ''}`} onKeyDown={closeOnEscape}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="bo-header">
        <Link to="">
          <span className="bo-brand">
            {firm.logo && <img src={firm.logo} alt="" width={logoWidth(firm.logoShape, 32)} height="32" />}
            <span>
              <span className="bo-brand__name">{firm.name}</span>{' '}
              <span className="bo-brand__place">Back office</span>
            </span>
          </span>
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="bo-menu"
          aria-expanded={menuOpen}
          aria-controls="bo-panel"
          // The count is part of the button's name, said whole: "Menu, 3 new since your last visit".
          aria-label={newLeads ? `Menu, ${newLeads} new since your last visit` : undefined}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
          <NewLeadsBadge count={newLeads} />
        </button>
      </header>
      <div id="bo-panel" className="bo-panel" ref={panel}>
        <SearchBox words={searchWords} onWanted={showSections} />
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside handle the keyboard themselves */}
        <nav aria-label="Back office" onClick={afterNavigating}>
          <ul className="bo-nav">
            {sections.map(([to, label]) => (
              <li key={to}>
                <Link to={to} current={current === to}>
                  {label}
                  {to === '' && <NewLeadsBadge count={newLeads} />}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="bo-account">
          {you && (
            <p>
              Signed in as <strong className="bo-you">{you}</strong>
            </p>
          )}
          <form method="post" action={accountPaths.logout}>
            <input type="hidden" name="formToken" value={formToken} />
            <button type="submit" className="button button--secondary" disabled={!formToken}>
              Sign out
            </button>
          </form>
          <a className="bo-public-link" href="/">
            View the public site
          </a>
        </div>
        {siteVersion && (
          // At the foot of the sections; not a <footer>, which would be a second contentinfo landmark.
          <p className="bo-version bo-muted">
            practice-site <span translate="no">{siteVersion}</span>
          </p>
        )}
      </div>
      <main id="main" tabIndex={-1} className="bo" ref={main}>
        {children}
      </main>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { BookCallButton } from '#client/features/booking/BookCallButton.tsx';
import { useFirm } from '#client/lib/firm.tsx';
import { logoWidth } from '#client/lib/logo-width.ts';
import { navigation } from '#content/navigation.ts';
import { useAtTop } from './useAtTop.ts';

export function Header({ path }: { path: string | null }) {
  const firm = useFirm();
  const atTop = useAtTop();
  // Below the breakpoint the navigation folds behind a Menu button; every link is in the footer too.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    // Escape folds the open menu and puts focus back on the button that opened it, as for a dialog.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);
  const classes = ['site-header', atTop ? '' : 'site-header--scrolled', menuOpen ? 'site-header--open' : ''];
  return (
    <header className={classes.filter(Boolean).join(' ')} data-at-top={String(atTop)}>
      <div className="container site-header__inner">
        <a className="site-header__brand" href="/">
          {firm.logo && <img src={firm.logo} alt="" width={logoWidth(firm.logoShape, 36)} height="36" />}
          <span>{firm.name}</span>
        </a>
        {/* A site not yet set up shows no menu: every public page but sign-in says "being set up". */}
        {firm.setUp && (
          <>
            <button
              ref={menuButton}
              type="button"
              className="site-header__menu"
              aria-expanded={menuOpen}
              aria-controls="site-nav"
              onClick={() => setMenuOpen(!menuOpen)}
            >
              Menu
            </button>
            <nav id="site-nav" className="site-nav" aria-label="Main">
              <ul>
                {[...navigation, ...firm.pages.filter((page) => page.place === 'main')].map((item) => (
                  <li key={item.href}>
                    <a href={item.href} aria-current={item.href === path ? 'page' : undefined}>
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {/* On a wide screen: the two ways to reach the firm, always in view. */}
            <div className="site-header__actions">
              {firm.phone && (
                <a className="site-header__phone" href={firm.phoneHref}>
                  <span className="visually-hidden">Call us on </span>
                  {firm.phone.replaceAll(' ', '\u00a0')}
                </a>
              )}
              <BookCallButton label="Book a call" className="button site-header__book" />
            </div>
          </>
        )}
      </div>
    </header>
  );
}

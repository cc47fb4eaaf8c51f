import { BookCallButton } from '#client/features/booking/BookCallButton.tsx';
import { useFirm } from '#client/lib/firm.tsx';
import { logoWidth } from '#client/lib/logo-width.ts';
import { mainLinks } from './site-links.ts';

export function Header({ path }: { path: string | null }) {
  const firm = useFirm();
  // Below the breakpoint the navigation folds behind a Menu button (behaviour/menu.ts); every link is in
  // the footer too. The page is written at its top: behaviour/header-scroll.ts follows the scrolling.
  return (
    <header className="site-header" data-at-top="true">
      <div className="container site-header__inner">
        <a className="site-header__brand" href="/">
          {firm.logo && <img src={firm.logo} alt="" width={logoWidth(firm.logoShape, 36)} height="36" />}
          <span>{firm.name}</span>
        </a>
        {/* A site not yet set up shows no menu: every public page but sign-in says "being set up". */}
        {firm.setUp && (
          <>
            <button
              type="button"
              className="site-header__menu"
              aria-expanded="false"
              aria-controls="site-nav"
            >
              Menu
            </button>
            <nav id="site-nav" className="site-nav" aria-label="Main">
              <ul>
                {mainLinks(firm.pages).map((item) => (
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

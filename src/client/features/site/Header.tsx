import { useState } from 'react';
import { firm } from '#content/firm.ts';
import { navigation } from '#content/navigation.ts';
import { useAtTop } from './useAtTop.ts';

export function Header({ path }: { path: string | null }) {
  const atTop = useAtTop();
  // Below the breakpoint the navigation folds behind a Menu button; every link is in the footer too.
  const [menuOpen, setMenuOpen] = useState(false);
  const classes = ['site-header', atTop ? '' : 'site-header--scrolled', menuOpen ? 'site-header--open' : ''];
  return (
    <header className={classes.filter(Boolean).join(' ')} data-at-top={String(atTop)}>
      <div className="container site-header__inner">
        <a className="site-header__brand" href="/">
          <img src={firm.logo} alt="" width="36" height="36" />
          <span>{firm.name}</span>
        </a>
        <button
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
            {navigation.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={item.href === path ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

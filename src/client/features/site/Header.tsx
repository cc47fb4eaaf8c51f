import { firm } from '../../../../content/firm.ts';
import { navigation } from '../../../../content/navigation.ts';
import { useAtTop } from './useAtTop.ts';

export function Header() {
  const atTop = useAtTop();
  return (
    <header
      className={atTop ? 'site-header' : 'site-header site-header--scrolled'}
      data-at-top={String(atTop)}
    >
      <div className="container site-header__inner">
        <a className="site-header__brand" href="/">
          <span className="site-header__mark" aria-hidden="true">
            {firm.name.charAt(0)}
          </span>
          <span>{firm.name}</span>
        </a>
        <nav aria-label="Main">
          <ul className="site-nav">
            {navigation.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

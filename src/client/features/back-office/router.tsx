import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { backOfficePage } from '#shared/api/back-office-overview.ts';

const base = backOfficePage.path;

const read = () => ({
  path: window.location.pathname.slice(base.length).replace(/^\/|\/$/g, ''),
  search: new URLSearchParams(window.location.search),
});

/** Where in the back office the browser is: the path after /back-office, and its query. */
export function useLocation() {
  const [location, setLocation] = useState(read);
  useEffect(() => {
    const update = () => setLocation(read());
    window.addEventListener('popstate', update);
    window.addEventListener('back-office:navigate', update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener('back-office:navigate', update);
    };
  }, []);
  return location;
}

/** Moves within the back office without reloading: a real URL, so Back, bookmarks and new tabs work. */
export function navigate(to: string, { replace = false } = {}) {
  const url = `${base}${to ? `/${to}` : ''}`;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new Event('back-office:navigate'));
  window.scrollTo(0, 0);
}

export function Link({
  to,
  children,
  current = false,
}: {
  to: string;
  children: ReactNode;
  current?: boolean;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let the browser open new tabs and windows itself.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={`${base}${to ? `/${to}` : ''}`} onClick={onClick} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}

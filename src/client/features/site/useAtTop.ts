import { useEffect, useState } from 'react';
import { nextAtTop } from '#shared/header-scroll.ts';

/** Whether the page is scrolled to the top, with the hysteresis of docs/behaviour/site-and-pages.md#header-and-navigation-menu. */
export function useAtTop(): boolean {
  // Prerendered pages start at the top; the effect corrects it once the browser knows better.
  const [atTop, setAtTop] = useState(true);
  useEffect(() => {
    const update = () => setAtTop((previous) => nextAtTop(previous, window.scrollY));
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return atTop;
}

import { nextAtTop } from '#shared/header-scroll.ts';

/**
 * Marks the header while the page is scrolled away from the top (docs/behaviour/site-and-pages.md#header-and-navigation-menu).
 * The server writes every page at the top; this corrects it once the browser knows better.
 */
export function followScroll(): void {
  const header = document.querySelector<HTMLElement>('.site-header');
  if (!header) return;
  let atTop = true;
  const update = () => {
    atTop = nextAtTop(atTop, window.scrollY);
    header.classList.toggle('site-header--scrolled', !atTop);
    header.dataset.atTop = String(atTop);
  };
  update();
  window.addEventListener('scroll', update, { passive: true });
}

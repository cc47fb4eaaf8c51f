import { listenForBooking } from './behaviour/booking.ts';
import { startCookieBanner } from './behaviour/cookie-banner.ts';
import { followScroll } from './behaviour/header-scroll.ts';
import { startMenu } from './behaviour/menu.ts';
import './styles/site-styles.ts';

// The browser entry of every public page and the back office (docs/decisions/023-pages-are-sections.md):
// the page is HTML the server wrote, whole. This brings its few live parts to life: plain script for the
// menu, the header, the cookie banner and the "Book a call" buttons, and React for the islands the page
// has, each loaded in its own chunk. A page without a form loads no React until a visitor asks to book.

startMenu();
followScroll();
startCookieBanner();
listenForBooking();

const hydrate = async (island: HTMLElement) => (await import('./islands/hydrate.tsx')).hydrateIsland(island);
const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
await Promise.all(islands.filter((island) => island.dataset.hydrate !== 'focus').map(hydrate));
for (const island of islands.filter((island) => island.dataset.hydrate === 'focus')) wakeOnFirstUse(island);
// Browser tests wait for this mark rather than guess when the page is live.
document.documentElement.dataset.hydrated = '';

/**
 * An island that works as plain HTML until it is used (the footer's sign-up form, which posts as a page)
 * comes alive when the visitor first reaches it. A form sent before it is live waits for it, and is then
 * sent by the island, as if it had been live all along.
 */
function wakeOnFirstUse(island: HTMLElement) {
  let live: Promise<void> | undefined;
  let isLive = false;
  const wake = () => {
    live ??= hydrate(island).then(() => {
      isLive = true;
    });
    return live;
  };
  for (const event of ['focusin', 'pointerdown']) island.addEventListener(event, wake, { once: true });
  const sendOnceLive = (event: SubmitEvent) => {
    island.removeEventListener('submit', sendOnceLive, true);
    if (isLive) return;
    const form = event.target as HTMLFormElement;
    event.preventDefault();
    event.stopPropagation();
    // Should the island fail to load, the form is posted as a page, as it would be without script.
    wake().then(
      () => form.requestSubmit(event.submitter as HTMLButtonElement | null),
      () => form.submit(),
    );
  };
  island.addEventListener('submit', sendOnceLive, true);
}

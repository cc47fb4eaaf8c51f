import { listenForBooking } from './behaviour/booking.ts';
import { startCookieBanner } from './behaviour/cookie-banner.ts';
import { followScroll } from './behaviour/header-scroll.ts';
import { startMenu } from './behaviour/menu.ts';
import { keepVisitSource } from './lib/visit-source.ts';
import './styles/site-styles.ts';

// The browser entry of every public page and the back office (docs/decisions/023-pages-are-sections.md):
// the page is HTML the server wrote, whole. This brings its few live parts to life: plain script for the
// menu, the header, the cookie banner and the "Book a call" buttons, and React for the islands the page
// has, each loaded in its own chunk. A page without a form loads no React until a visitor asks to book.

startMenu();
followScroll();
startCookieBanner();
listenForBooking();
keepVisitSource();
// A proposal's page (the server writes it) keeps its totals as extras are ticked: a small chunk of its own.
const proposalForm = document.querySelector<HTMLFormElement>('form[data-proposal-totals]');
const proposalTotals = proposalForm
  ? import('./behaviour/proposal-totals.ts').then(({ startProposalTotals }) =>
      startProposalTotals(proposalForm),
    )
  : undefined;

// The instant quote's page is written whole by the server and works as form posts; its script prices
// each choice as it is made, and loads only on that page.
const instantQuote = document.querySelector<HTMLFormElement>('form[data-instant-quote]');
const instantQuoteLive = instantQuote
  ? import('./behaviour/instant-quote.ts').then(({ startInstantQuote }) => startInstantQuote(instantQuote))
  : Promise.resolve();

const hydrate = async (island: HTMLElement) => (await import('./islands/hydrate.tsx')).hydrateIsland(island);
const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')].map(islandOf);
// One that works as plain HTML until it is used (the footer's sign-up form, which posts as a page) comes
// alive when the visitor first reaches it.
for (const { element, wake } of islands.filter(({ element }) => element.dataset.hydrate === 'focus')) {
  for (const event of ['focusin', 'pointerdown']) element.addEventListener(event, wake, { once: true });
}
// The page is whole without its islands: it is loaded and painted first (its styles, its font and its
// pictures), and React fetched after, so that it never competes with them on a slow connection. A visitor
// who types meanwhile loses nothing (islands/hydrate.tsx).
await loaded();
await firstContentfulPaint();
await Promise.all([
  instantQuoteLive,
  proposalTotals,
  ...islands.filter(({ element }) => element.dataset.hydrate !== 'focus').map(({ wake }) => wake()),
]);
// Browser tests wait for this mark rather than guess when the page is live.
document.documentElement.dataset.hydrated = '';

/**
 * An island, and how to bring it to life (once). A form sent before it is live waits for it, and is then
 * sent by the island with what was typed, as if it had been live all along.
 */
function islandOf(element: HTMLElement) {
  let live: Promise<void> | undefined;
  let isLive = false;
  let held = false;
  const wake = () => {
    live ??= hydrate(element).then(() => {
      isLive = true;
    });
    return live;
  };
  element.addEventListener(
    'submit',
    (event) => {
      if (isLive) return;
      const form = event.target as HTMLFormElement;
      event.preventDefault();
      event.stopPropagation();
      // Pressed again while it waits: it is sent once.
      if (held) return;
      held = true;
      form.setAttribute('aria-busy', 'true');
      const send = (how: () => void) => {
        form.removeAttribute('aria-busy');
        how();
      };
      wake().then(
        () => send(() => form.requestSubmit(event.submitter as HTMLButtonElement | null)),
        // Should the island fail to load, the form is posted as a page: the server answers with one.
        () => send(() => form.submit()),
      );
    },
    true,
  );
  return { element, wake };
}

/** Resolves once the page and everything it shows (styles, font, pictures) have loaded. */
function loaded(): Promise<void> {
  return new Promise((done) => {
    if (document.readyState === 'complete') done();
    else window.addEventListener('load', () => done(), { once: true });
  });
}

/**
 * Resolves once the browser has painted the page's first words (or after 3 s, for a tab in the background,
 * which paints nothing until it is shown).
 */
function firstContentfulPaint(): Promise<void> {
  return new Promise((painted) => {
    setTimeout(painted, 3000);
    const isContentful = (entries: PerformanceEntryList) =>
      entries.some((entry) => entry.name === 'first-contentful-paint');
    new PerformanceObserver((list, observer) => {
      if (!isContentful(list.getEntries())) return;
      observer.disconnect();
      painted();
    }).observe({ type: 'paint', buffered: true });
  });
}

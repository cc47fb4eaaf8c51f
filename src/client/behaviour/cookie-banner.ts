import { localStore } from '#client/lib/storage.ts';
import { storageKeys } from '#shared/storage-keys.ts';
import { cookieBannerCheckDelayMs } from '#shared/timings.ts';

/**
 * docs/behaviour/site-and-pages.md#cookie-banner: the banner is in every page as the server wrote it, so a
 * visitor who has not chosen sees it at first paint; for one who has, the gate script in <head>
 * (#shared/cookie-banner-gate.ts) has already hidden it by then. "OK, got it" stores the dismissal and
 * takes the banner away; the stored dismissal is checked again 2 s after load, which takes a hidden banner
 * out of the page (or one dismissed meanwhile in another tab).
 */
export function startCookieBanner(): void {
  const banner = document.querySelector<HTMLElement>('.cookie-banner');
  if (!banner) return;
  const stopKeepingClear = keepFocusClearOf(banner);
  const remove = () => {
    stopKeepingClear();
    banner.remove();
  };
  banner.querySelector('button')?.addEventListener('click', () => {
    localStore.set(storageKeys.cookieConsentDismissed, new Date().toISOString());
    remove();
    // The button is gone: the keyboard goes on from the page's main content rather than its top.
    document.getElementById('main')?.focus({ preventScroll: true });
  });
  setTimeout(() => {
    if (localStore.get(storageKeys.cookieConsentDismissed) !== null) remove();
  }, cookieBannerCheckDelayMs);
}

/**
 * The page scrolls whatever the keyboard reaches clear of the banner by its height (site.css), which
 * changes with the screen's width and the reader's text size. Chromium scrolls a text box only as far as
 * its caret, which can leave the rest of it under the banner: a box the banner overlaps when it takes
 * focus is scrolled clear of it whole. Answers how to stop.
 */
function keepFocusClearOf(banner: HTMLElement): () => void {
  const root = document.documentElement.style;
  const observer = new ResizeObserver(() =>
    root.setProperty('--cookie-banner-height', `${banner.offsetHeight}px`),
  );
  observer.observe(banner);
  const keepClear = (event: FocusEvent) => {
    const focused = event.target;
    if (!(focused instanceof Element) || banner.contains(focused)) return;
    if (focused.getBoundingClientRect().bottom > banner.getBoundingClientRect().top) {
      focused.scrollIntoView({ block: 'nearest' });
    }
  };
  document.addEventListener('focusin', keepClear);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', keepClear);
    root.removeProperty('--cookie-banner-height');
  };
}

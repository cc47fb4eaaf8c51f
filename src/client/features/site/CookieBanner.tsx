import { useCallback, useEffect, useState } from 'react';
import { localStore } from '#client/lib/storage.ts';
import { storageKeys } from '#shared/storage-keys.ts';
import { cookieBannerCheckDelayMs } from '#shared/timings.ts';

/**
 * docs/behaviour/site-and-pages.md#cookie-banner: shown unless a stored dismissal exists. The banner is in the prerendered
 * page, so a visitor who has not chosen sees it at first paint; for one who has, the gate script in <head>
 * (#shared/cookie-banner-gate.ts) has already hidden it by then. The stored dismissal is checked again
 * 2 s after load, which takes the hidden banner out of the page (or one dismissed meanwhile in another tab).
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (localStore.get(storageKeys.cookieConsentDismissed) !== null) setVisible(false);
    }, cookieBannerCheckDelayMs);
    return () => clearTimeout(timer);
  }, []);

  // The page scrolls whatever the keyboard reaches clear of the banner by its height (site.css), which
  // changes with the screen's width and the reader's text size. Chromium scrolls a text box only as far
  // as its caret, which can leave the rest of it under the banner: a box the banner overlaps when it
  // takes focus is scrolled clear of it whole.
  const measure = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty('--cookie-banner-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    const keepClear = (event: FocusEvent) => {
      const focused = event.target;
      if (!(focused instanceof Element) || element.contains(focused)) return;
      if (focused.getBoundingClientRect().bottom > element.getBoundingClientRect().top) {
        focused.scrollIntoView({ block: 'nearest' });
      }
    };
    document.addEventListener('focusin', keepClear);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', keepClear);
      root.removeProperty('--cookie-banner-height');
    };
  }, []);

  if (!visible) return null;

  const dismiss = () => {
    localStore.set(storageKeys.cookieConsentDismissed, new Date().toISOString());
    setVisible(false);
  };

  return (
    <section ref={measure} className="cookie-banner" aria-label="Cookies on this site">
      <div className="container cookie-banner__inner">
        <p>
          We use only the cookies this site needs, and no tracking. <a href="/cookies">Cookie policy</a>
        </p>
        <button type="button" className="button" onClick={dismiss}>
          OK, got it
        </button>
      </div>
    </section>
  );
}

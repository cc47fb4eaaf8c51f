import { useEffect, useState } from 'react';
import { localStore } from '#client/lib/storage.ts';
import { storageKeys } from '#shared/storage-keys.ts';
import { cookieBannerCheckDelayMs } from '#shared/timings.ts';

/**
 * docs/behaviour.md#cookie-banner: shown unless a stored dismissal exists. The banner is in the prerendered
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

  if (!visible) return null;

  const dismiss = () => {
    localStore.set(storageKeys.cookieConsentDismissed, new Date().toISOString());
    setVisible(false);
  };

  return (
    <section className="cookie-banner" aria-label="Cookies on this site">
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

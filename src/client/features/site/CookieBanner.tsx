import { useEffect, useState } from 'react';
import { localStore } from '#client/lib/storage.ts';
import { storageKeys } from '#shared/storage-keys.ts';
import { cookieBannerCheckDelayMs } from '#shared/timings.ts';

/** docs/behaviour.md#cookie-banner: shown unless a stored dismissal exists, which is checked 2 s after load. */
export function CookieBanner() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (localStore.get(storageKeys.cookieConsentDismissed) === null) setVisible(true);
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
          We use only the cookies and storage this site needs to work: no advertising or tracking.{' '}
          <a href="/cookies">Cookie policy</a>
        </p>
        <button type="button" className="button" onClick={dismiss}>
          OK, got it
        </button>
      </div>
    </section>
  );
}

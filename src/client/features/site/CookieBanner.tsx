/**
 * docs/behaviour/site-and-pages.md#cookie-banner, as the server writes it into every page; its button and
 * its height are looked after by behaviour/cookie-banner.ts.
 */
export function CookieBanner() {
  return (
    <section className="cookie-banner" aria-label="Cookies on this site">
      <div className="container cookie-banner__inner">
        <p>
          We use only the cookies this site needs, and no tracking. <a href="/cookies">Cookie policy</a>
        </p>
        <button type="button" className="button">
          OK, got it
        </button>
      </div>
    </section>
  );
}

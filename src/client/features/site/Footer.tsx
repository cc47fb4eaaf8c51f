import { Island } from '#client/islands/Island.tsx';
import { useFirm } from '#client/lib/firm.tsx';
import { unbroken } from '#client/lib/unbroken.ts';
import { mailtoHref } from '#shared/mailto.ts';
import { companyRegistration } from '#shared/uk-identifiers.ts';
import { Regulation } from './Regulation.tsx';
import { footerLinks } from './site-links.ts';

/** `ownSignUp`: the page has the larger subscribe form, and a second form in its footer would only confuse. */
export function Footer({ ownSignUp = false }: { ownSignUp?: boolean }) {
  const firm = useFirm();
  const { address } = firm;
  // A site not yet set up has no details, newsletter or pages to offer: its sign-in page stands alone.
  if (!firm.setUp) return null;
  return (
    <footer className="site-footer on-dark">
      <div className="container site-footer__inner">
        {/* A site whose firm is not set up yet (no email address) has no details to give. */}
        {firm.email && (
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="site-footer__heading">
              Contact us
            </h2>
            <address>
              {address.street}
              <br />
              {address.locality}, {unbroken(address.postcode)}
              <br />
              <a href={firm.phoneHref}>{unbroken(firm.phone)}</a>
              <br />
              <a href={mailtoHref(firm.email)}>{firm.email}</a>
            </address>
            <p>{firm.openingHours}</p>
            {firm.socialLinks.length > 0 && (
              <ul className="site-footer__social" aria-label={`${firm.name} elsewhere`}>
                {firm.socialLinks.map(({ name, url }) => (
                  <li key={url}>
                    <a href={url} rel="me">
                      {name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        {!ownSignUp && (
          <section aria-labelledby="footer-newsletter">
            <h2 id="footer-newsletter" className="site-footer__heading">
              Our newsletter
            </h2>
            <Island name="sign-up-form" props={{}} hydrate="focus" />
          </section>
        )}
        {firm.email && (
          <section aria-labelledby="footer-company">
            <h2 id="footer-company" className="site-footer__heading">
              {firm.legalName}
            </h2>
            <p>
              {companyRegistration(firm.companyNumber)}
              {firm.vatNumber && (
                <>
                  {firm.companyNumber && ' '}VAT number {unbroken(firm.vatNumber)}.
                </>
              )}
            </p>
            <Regulation />
          </section>
        )}
        <nav aria-label="Footer">
          <h2 className="site-footer__heading">On this site</h2>
          <ul className="site-footer__links">
            {footerLinks(firm.pages).map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

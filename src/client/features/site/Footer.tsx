import { firm } from '../../../../content/firm.ts';
import { SignUpForm } from '../mailing-list/SignUpForm.tsx';

export function Footer() {
  const { address } = firm;
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            Contact us
          </h2>
          <address>
            {address.street}
            <br />
            {address.locality}, {address.postcode}
            <br />
            <a href={firm.phoneHref}>{firm.phone}</a>
            <br />
            <a href={`mailto:${firm.email}`}>{firm.email}</a>
          </address>
          <p>{firm.openingHours}</p>
        </section>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="site-footer__heading">
            Our newsletter
          </h2>
          <SignUpForm />
        </section>
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">
            {firm.legalName}
          </h2>
          <p>
            Registered in England and Wales, company number {firm.companyNumber}. VAT number {firm.vatNumber}.
          </p>
          <p>{firm.regulator}.</p>
          <p>
            <a href="/privacy">Privacy notice</a> · <a href="/login">Staff sign-in</a>
          </p>
        </section>
      </div>
    </footer>
  );
}

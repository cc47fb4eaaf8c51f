// Each component from its own package: the @react-email/components bundle also loads Prism (for its code
// blocks) and Tailwind, a quarter of a second of every start for emails that use neither.
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Section } from '@react-email/section';
import { createElement as h, type ReactNode } from 'react';
import { touchIcon } from '#shared/api/site.ts';
import { escapeHtml } from '#shared/html.ts';
import { publicOriginToken } from '#shared/public-origin.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { defaultTypeface, type TypefaceId, typefaces } from '#shared/typefaces.ts';
import { companyRegistration } from '#shared/uk-identifiers.ts';
import { type Accent, accentOf, darkGreys } from './accent.ts';
import { emailColours } from './brand-colours.ts';
import { type EmailBlock, sans, text } from './email-blocks.ts';
import type { MailMessage } from './message.ts';

export type { EmailBlock } from './email-blocks.ts';

// The one layout every email's HTML part is drawn in. The server runs TypeScript without compiling JSX,
// so the components are made with createElement. Mail programs ignore most CSS: the layout is tables
// (React Email's Section, Row, Column), every style is inline, and each coloured box also carries a
// bgcolor attribute for Outlook's Word renderer. The palette is chosen so that a mail program that turns
// it dark (Gmail and Outlook invert light backgrounds) still shows readable text, and Apple Mail and
// Outlook.com, which honour prefers-color-scheme, get the dark colours below. The page's background is
// drawn by one table of our own (React Email's Body would copy it, without a class, onto a cell that the
// dark styles cannot reach, leaving a light frame around a dark card).

/** Who an email is from, as its layout names the firm: kept with the message, so a retry shows the same. */
export interface EmailFirm {
  name: string;
  legalName: string;
  /** "1 High Street, Ludlow SY8 1AA": street, town and postcode. */
  postalAddress: string;
  phone: string;
  companyNumber: string;
  /** The firm's main colour: its name, links and buttons. Absent from messages stored before it was kept. */
  brand?: string;
  /** The firm's typeface, set first in every font list. Absent from messages stored before it was kept. */
  typeface?: TypefaceId;
  /** False for a firm without a logo: its name stands alone (the icon would be a plain mark). */
  hasLogo?: boolean;
}

/** "1 High Street, Ludlow SY8 1AA", or nothing from a site whose firm is not set up yet. */
export const postalAddress = ({ address }: SiteFirm) =>
  [address.street, `${address.locality} ${address.postcode}`.trim()].filter(Boolean).join(', ');

/** The part of the firm an email's layout shows. */
export const emailFirm = (firm: SiteFirm): EmailFirm => ({
  name: firm.name,
  legalName: firm.legalName,
  postalAddress: postalAddress(firm),
  phone: firm.phone,
  companyNumber: firm.companyNumber,
  brand: firm.colours.brand,
  typeface: firm.typeface,
  hasLogo: firm.logo !== '',
});

export interface EmailBody {
  firm: EmailFirm;
  /** The line a mail program shows after the subject in the inbox. */
  preview: string;
  heading: string;
  blocks: EmailBlock[];
}

const colours = emailColours;

/** Where the HTML part says the firm's colour, for what is filled in after rendering (a call's link). */
const brandColourMetaName = 'x-brand-colour';

/** The firm's colour an email's HTML part was drawn in. */
export function brandColourOf(html: string): string {
  return (
    new RegExp(`<meta name="${brandColourMetaName}" content="(#[0-9a-f]{6})"`).exec(html)?.[1] ??
    colours.accent
  );
}

/** The dark palette, for the clients that say they are dark (prefers-color-scheme) and for Outlook.com,
 *  which instead marks the elements whose colours it changed with data-ogsc (text) and data-ogsb
 *  (backgrounds): there our own dark colours replace its guesses. */
const darkRules = (scope: string, accent: Accent) => `
  ${scope} .page { background-color: ${darkGreys.page} !important; }
  ${scope} .rule { border-color: ${darkGreys.rule} !important; }
  ${scope} .card { background-color: ${darkGreys.card} !important; }
  ${scope} .ink { color: ${darkGreys.ink} !important; }
  ${scope} .brand { color: ${accent.dark} !important; }
  ${scope} .muted { color: ${darkGreys.muted} !important; }
  ${scope} .button { background-color: ${accent.dark} !important; color: ${accent.darkInk} !important; }
  ${scope} .link { color: ${accent.dark} !important; }`;

const darkStyles = (accent: Accent) => `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin: 0; background-color: ${accent.page}; }
@media (prefers-color-scheme: dark) {
  body { background-color: ${darkGreys.page} !important; }${darkRules('', accent)}
}${darkRules('[data-ogsc]', accent)}${darkRules('[data-ogsb]', accent)}`;

/**
 * The firm's typeface first (for a reader who has it), then the system fonts of its kind that mail
 * programs have, quoted as React writes a style attribute.
 */
function emailFontStack(typeface: TypefaceId = defaultTypeface): string {
  const { family, generic } = typefaces[typeface];
  const system =
    generic === 'serif'
      ? "Georgia, 'Times New Roman', serif"
      : "'Segoe UI', -apple-system, BlinkMacSystemFont, Helvetica, Arial, sans-serif";
  return `${/\s/.test(family) ? `'${family}'` : family}, ${system}`.replaceAll("'", '&#x27;');
}

/** The logo as a PNG (mail programs do not show SVG), the one the server makes for phones' home
 *  screens, on the site itself: the worker puts the site's address in place of the token when it sends. */
const logoSize = 40;
/** The logo every email shows, fetched from the site by the reader's mail program (picture-routes.ts lets it). */
export const emailLogoPath = touchIcon.path;
const logoSrc = `${publicOriginToken}${emailLogoPath}`;

/** Puts the site's address (PUBLIC_URL's origin) where the layout left the token, e.g. in the logo's src. */
export function withPublicOrigin(message: MailMessage, origin: string): MailMessage {
  return message.html
    ? { ...message, html: message.html.replaceAll(publicOriginToken, escapeHtml(origin)) }
    : message;
}

/**
 * The layout around an email's words: its head, the firm's name and logo, the card holding `heading` and
 * `content`, and the firm's details beneath. `preview` is React Email's Preview of the inbox line.
 */
export function EmailLayout({
  firm,
  heading,
  preview,
  content,
}: {
  firm: EmailFirm;
  heading: string;
  preview: ReactNode;
  content: ReactNode;
}) {
  const accent = accentOf(firm.brand);
  return h(
    Html,
    { lang: 'en' },
    h(
      Head,
      null,
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      h('meta', { name: brandColourMetaName, content: accent.light }),
      h('title', null, heading),
      h('style', null, darkStyles(accent)),
    ),
    preview,
    h(
      Body,
      { className: 'page' },
      h(
        Section,
        {
          className: 'page',
          bgcolor: accent.page,
          style: { backgroundColor: accent.page, padding: '24px 0' },
        },
        h(
          Container,
          { style: { maxWidth: 600, padding: '0 16px' } },
          h(
            Section,
            { style: { margin: '8px 0 16px' } },
            h(
              'table',
              { role: 'presentation', border: 0, cellPadding: 0, cellSpacing: 0 },
              h(
                'tbody',
                null,
                h(
                  'tr',
                  null,
                  firm.hasLogo !== false &&
                    h(
                      'td',
                      { style: { paddingRight: 12, verticalAlign: 'middle' } },
                      // The name beside it says who the email is from: the logo adds nothing for a screen reader.
                      h(Img, {
                        src: logoSrc,
                        width: logoSize,
                        height: logoSize,
                        alt: '',
                        style: { display: 'block', borderRadius: 9, border: 0 },
                      }),
                    ),
                  h(
                    'td',
                    { style: { verticalAlign: 'middle' } },
                    text(
                      firm.name,
                      { fontSize: 20, lineHeight: '28px', margin: 0, color: accent.light, fontWeight: 700 },
                      'brand',
                    ),
                  ),
                ),
              ),
            ),
          ),
          h(
            Section,
            {
              className: 'card',
              bgcolor: colours.card,
              style: { backgroundColor: colours.card, borderRadius: 8, padding: '32px 28px' },
            },
            h(
              Heading,
              {
                as: 'h1',
                className: 'ink',
                style: {
                  color: colours.ink,
                  fontFamily: sans,
                  fontSize: 24,
                  lineHeight: '32px',
                  fontWeight: 700,
                  letterSpacing: '-0.01em',
                  margin: '0 0 20px',
                },
              },
              heading,
            ),
            content,
          ),
          h(Hr, { className: 'rule', style: { borderColor: colours.rule, margin: '24px 0 16px' } }),
          text(
            `${[firm.legalName, firm.postalAddress].filter(Boolean).join(', ')}.${firm.phone ? ` Telephone ${firm.phone}.` : ''}`,
            { color: colours.muted, fontSize: 12, lineHeight: '18px', margin: '0 0 8px' },
            'muted',
          ),
          // A firm that is not a company (a partnership, a sole practitioner) has no number to give.
          firm.companyNumber &&
            text(
              companyRegistration(firm.companyNumber),
              { color: colours.muted, fontSize: 12, lineHeight: '18px', margin: 0 },
              'muted',
            ),
        ),
      ),
    ),
  );
}

/** What React Email wrote, as an email is sent: the HTML5 doctype (mail programs render it as they do
 * XHTML 1.0's, and it is the one an HTML parser accepts) and the firm's font stack where `sans` stands. */
export function finishedHtml(html: string, typeface: TypefaceId | undefined): string {
  return html.replace(/^<!DOCTYPE[^>]*>/i, '<!DOCTYPE html>').replaceAll(sans, emailFontStack(typeface));
}

/** The phone number is read as one thing: it never breaks across two lines, wherever the email gives it. */
export const unbrokenPhone = (html: string, phone: string) =>
  phone ? html.replaceAll(phone, phone.replaceAll(' ', '&nbsp;')) : html;

import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import { createElement as h, type ReactNode } from 'react';
import { firm } from '#content/firm.ts';

// The one layout every email's HTML part is drawn in. The server runs TypeScript without compiling JSX,
// so the components are made with createElement. Mail programs ignore most CSS: the layout is tables
// (React Email's Section, Row, Column), every style is inline, and each coloured box also carries a
// bgcolor attribute for Outlook's Word renderer. The palette is chosen so that a mail program that turns
// it dark (Gmail and Outlook invert light backgrounds) still shows readable text, and Apple Mail and
// Outlook.com, which honour prefers-color-scheme, get the dark colours below.

/** What an email says, as plain data: it is stored in the outbox as it is, and rendered by the layout. */
export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  /** A link the reader should follow, shown as a button with its address beneath for copying. */
  | { kind: 'button'; label: string; href: string }
  /** A link that matters less than the button: a plain line of text. */
  | { kind: 'link'; label: string; href: string }
  /** Label and value pairs, e.g. a call's time or an enquiry's answers. */
  | { kind: 'details'; rows: [string, string][] }
  /** Smaller text for what matters less: why the email came, what to do if it was not meant for you. */
  | { kind: 'note'; text: string };

export interface EmailBody {
  /** The line a mail program shows after the subject in the inbox. */
  preview: string;
  heading: string;
  blocks: EmailBlock[];
}

const colours = {
  page: '#f3f1ec',
  card: '#ffffff',
  ink: '#1d2a33',
  muted: '#4f5b63',
  accent: '#1f4d46',
  accentInk: '#ffffff',
  rule: '#dcd8cf',
};

const darkStyles = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  html, body, .page { background-color: #141b20 !important; }
  .rule { border-color: #34414a !important; }
  .card { background-color: #1d262c !important; }
  .ink { color: #e8e6e1 !important; }
  .muted { color: #b4bcc2 !important; }
  .button { background-color: #8fd1c4 !important; color: #10211e !important; }
  .link { color: #8fd1c4 !important; }
}`;

const font = "Georgia, 'Times New Roman', serif";
const sans = "'Segoe UI', Helvetica, Arial, sans-serif";

const text = (content: ReactNode, style: Record<string, string | number> = {}, className = 'ink') =>
  h(
    Text,
    {
      className,
      style: {
        color: colours.ink,
        fontFamily: sans,
        fontSize: 16,
        lineHeight: '26px',
        margin: '0 0 16px',
        ...style,
      },
    },
    content,
  );

function block(item: EmailBlock, index: number): ReactNode {
  switch (item.kind) {
    case 'paragraph':
      return h('div', { key: index }, text(item.text, { whiteSpace: 'pre-line' }));
    case 'note':
      return h(
        'div',
        { key: index },
        text(item.text, { color: colours.muted, fontSize: 14, lineHeight: '22px' }, 'muted'),
      );
    case 'link':
      return h(
        'div',
        { key: index },
        text(h(Link, { href: item.href, className: 'link', style: { color: colours.accent } }, item.label), {
          fontSize: 14,
          lineHeight: '22px',
        }),
      );
    case 'button':
      return h(
        Section,
        { key: index, style: { margin: '8px 0 24px' } },
        h(
          Button,
          {
            href: item.href,
            className: 'button',
            style: {
              backgroundColor: colours.accent,
              color: colours.accentInk,
              fontFamily: sans,
              fontSize: 16,
              fontWeight: 600,
              borderRadius: 6,
              padding: '12px 22px',
              textDecoration: 'none',
            },
          },
          item.label,
        ),
        text(
          h(
            Link,
            { href: item.href, className: 'link', style: { color: colours.accent, wordBreak: 'break-all' } },
            item.href,
          ),
          { color: colours.muted, fontSize: 13, lineHeight: '20px', margin: '12px 0 0' },
          'muted',
        ),
      );
    case 'details':
      return h(
        Section,
        { key: index, style: { margin: '0 0 16px' } },
        ...item.rows.map(([label, value], row) =>
          h(
            'table',
            { key: row, role: 'presentation', width: '100%', border: 0, cellPadding: 0, cellSpacing: 0 },
            h(
              'tbody',
              null,
              h(
                'tr',
                null,
                h(
                  'td',
                  { className: 'rule', style: { borderTop: `1px solid ${colours.rule}`, padding: '10px 0' } },
                  text(
                    label,
                    { color: colours.muted, fontSize: 13, lineHeight: '18px', margin: '0 0 2px' },
                    'muted',
                  ),
                  text(value, { margin: 0, whiteSpace: 'pre-line' }),
                ),
              ),
            ),
          ),
        ),
      );
  }
}

function EmailLayout({ body }: { body: EmailBody }) {
  const { address } = firm;
  return h(
    Html,
    { lang: 'en' },
    h(
      Head,
      null,
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      h('title', null, body.heading),
      h('style', null, darkStyles),
    ),
    h(Preview, null, body.preview),
    h(
      Body,
      { className: 'page', style: { backgroundColor: colours.page, margin: 0, padding: '24px 0' } },
      h(
        Container,
        { className: 'page', style: { maxWidth: 600, padding: '0 16px' } },
        text(
          firm.name,
          {
            fontFamily: font,
            fontSize: 22,
            lineHeight: '28px',
            margin: '8px 0 16px',
            color: colours.accent,
            fontWeight: 700,
          },
          'ink',
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
                fontFamily: font,
                fontSize: 24,
                lineHeight: '32px',
                fontWeight: 400,
                margin: '0 0 20px',
              },
            },
            body.heading,
          ),
          ...body.blocks.map(block),
        ),
        h(Hr, { className: 'rule', style: { borderColor: colours.rule, margin: '24px 0 16px' } }),
        text(
          `${firm.legalName}, ${address.street}, ${address.locality} ${address.postcode}. Telephone ${firm.phone}.`,
          { color: colours.muted, fontSize: 12, lineHeight: '18px', margin: '0 0 8px' },
          'muted',
        ),
        text(
          `Registered in England and Wales, company number ${firm.companyNumber}.`,
          { color: colours.muted, fontSize: 12, lineHeight: '18px', margin: 0 },
          'muted',
        ),
      ),
    ),
  );
}

/**
 * The HTML part of an email: the body drawn in the firm's layout. React Email writes the XHTML 1.0
 * doctype; mail programs render the HTML5 one the same way, and it is the one an HTML parser accepts.
 */
export async function renderEmailHtml(body: EmailBody): Promise<string> {
  const html = await render(h(EmailLayout, { body }));
  // The phone number is read as one thing: it never breaks across two lines.
  const phone = firm.phone.replaceAll(' ', '&nbsp;');
  return html.replace(/^<!DOCTYPE[^>]*>/i, '<!DOCTYPE html>').replaceAll(firm.phone, phone);
}

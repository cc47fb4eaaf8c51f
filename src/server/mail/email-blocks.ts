import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type ReactNode } from 'react';
import type { Accent } from './accent.ts';
import { emailColours as colours } from './brand-colours.ts';

// What an email says, block by block, as React Email components, with every style inline (mail programs
// ignore most CSS): the layout (layout.ts) holds them.

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
  | { kind: 'note'; text: string }
  /** HTML that is safe by construction (a newsletter's Markdown, from #shared/markdown.ts). */
  | { kind: 'markdown-html'; html: string };

/** Where the layout sets text: finishedHtml (layout.ts) puts the firm's font stack in its place. */
export const sans = 'firm-font-stack';

/** A paragraph of the layout's text, in its font and colours; `style` adds to them. */
export const text = (content: ReactNode, style: Record<string, string | number> = {}, className = 'ink') =>
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
        // A long unbroken value (a web address a visitor typed) wraps rather than widening the email.
        overflowWrap: 'anywhere',
        wordBreak: 'break-word',
        ...style,
      },
    },
    content,
  );

/** One block of what an email says. */
export function block(item: EmailBlock, index: number, accent: Accent): ReactNode {
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
        text(h(Link, { href: item.href, className: 'link', style: { color: accent.light } }, item.label), {
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
              backgroundColor: accent.light,
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
            { href: item.href, className: 'link', style: { color: accent.light, wordBreak: 'break-all' } },
            item.href,
          ),
          { color: colours.muted, fontSize: 13, lineHeight: '20px', margin: '12px 0 0' },
          'muted',
        ),
      );
    case 'markdown-html':
      // Mail programs keep few inherited styles, but a div's font and colour reach its paragraphs.
      return h('div', {
        key: index,
        className: 'ink',
        style: {
          color: colours.ink,
          fontFamily: sans,
          fontSize: 16,
          lineHeight: '26px',
          overflowWrap: 'anywhere',
        },
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the Markdown renderer's output, safe by construction
        dangerouslySetInnerHTML: { __html: item.html },
      });
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

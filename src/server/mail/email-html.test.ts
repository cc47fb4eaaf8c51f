import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import fc from 'fast-check';
import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { demoFirm } from '#tests/support/firms.ts';
import { accentOf } from './accent.ts';
import { block } from './email-blocks.ts';
import { renderEmailHtml } from './email-html.ts';
import {
  type EmailBlock,
  type EmailBody,
  EmailLayout,
  emailFirm,
  finishedHtml,
  unbrokenPhone,
  withPublicOrigin,
} from './layout.ts';

// The HTML part is drawn from parts React drew once (email-html.ts): it must be what React draws of the
// whole email, character for character, whatever the words, the firm and its colour.

const firm = emailFirm(demoFirm());

/** The whole email drawn by React in one pass, as the layout says it is. */
async function renderWhole(body: EmailBody): Promise<string> {
  const accent = accentOf(body.firm.brand);
  const html = await render(
    h(EmailLayout, {
      firm: body.firm,
      heading: body.heading,
      preview: h(Preview, null, body.preview),
      content: body.blocks.map((item, index) => block(item, index, accent)),
    }),
  );
  return unbrokenPhone(finishedHtml(html, body.firm.typeface), body.firm.phone);
}

/** Words as visitors write them: markup, quotes, ampersands, line breaks, the marks' own shape, emoji. */
const words = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    '<b>Amira & "Sons"</b>',
    "O'Brien <script>alert(1)</script>",
    'line one\nline two',
    '@@practice-site:heading@@',
    '07700 900123',
    '£1,200 — “quoted”',
    '👩‍💼 café',
  ),
);
const link = fc.constantFrom('https://www.fenwickhale.co.uk/reset?token=a&b="c"', 'mailto:amira@example.com');
const blocks: fc.Arbitrary<EmailBlock> = fc.oneof(
  words.map((text) => ({ kind: 'paragraph' as const, text })),
  words.map((text) => ({ kind: 'note' as const, text })),
  fc.tuple(words, link).map(([label, href]) => ({ kind: 'link' as const, label, href })),
  fc.tuple(words, link).map(([label, href]) => ({ kind: 'button' as const, label, href })),
  fc
    .array(fc.tuple(words, words), { minLength: 1, maxLength: 4 })
    .map((rows) => ({ kind: 'details' as const, rows })),
  fc.constant({
    kind: 'markdown-html' as const,
    html: '<p>A <strong>newsletter</strong> &amp; its <a href="https://x.test/">link</a></p>',
  }),
);
const bodies: fc.Arbitrary<EmailBody> = fc.record({
  firm: fc.oneof(
    fc.constant(firm),
    fc.constant({
      ...firm,
      brand: '#5b2a86',
      typeface: 'source-serif-4' as const,
      hasLogo: false,
      companyNumber: '',
    }),
    fc.constant({
      name: 'www.obrienmarsh.example',
      legalName: '',
      postalAddress: '',
      phone: '',
      companyNumber: '',
    }),
  ),
  preview: fc.oneof(words, fc.string({ minLength: 140, maxLength: 170 })),
  heading: words,
  blocks: fc.array(blocks, { maxLength: 6 }),
});

describe('an email’s HTML part', () => {
  it('is what React draws of the whole email, character for character', async () => {
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        expect(await renderEmailHtml(body)).toBe(await renderWhole(body));
      }),
      { numRuns: 150 },
    );
  });

  it('holds the site’s address already when drawn for a site, as the outbox sends it', async () => {
    const origin = 'https://www.o-brien&marsh.example';
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const whole = withPublicOrigin(
          { to: 'a@example.com', subject: '', text: '', html: await renderWhole(body) },
          origin,
        );
        expect(await renderEmailHtml(body, origin)).toBe(whole.html);
      }),
      { numRuns: 50 },
    );
  });
});

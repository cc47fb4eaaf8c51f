import { Preview } from '@react-email/preview';
import { createElement as h } from 'react';
import { escapeHtml } from '#shared/html.ts';
import { publicOriginToken } from '#shared/public-origin.ts';
import { type Accent, accentOf } from './accent.ts';
import { block, type EmailBlock } from './email-blocks.ts';
import { type EmailBody, type EmailFirm, EmailLayout, finishedHtml, unbrokenPhone } from './layout.ts';

// The HTML part of an email, drawn without React on the way: drawing the layout with React cost most of
// an enquiry's CPU (its two emails). The layout around the words is drawn by React once per firm, and each
// kind of block once per colour, with a mark where each message's words go; a message is then those parts
// with its words filled in, escaped as React escapes them. mail/email-html.test.ts holds the result equal,
// character for character, to React drawing the whole email.

/**
 * React Email's renderer, loaded with the first email rather than at start: it brings an HTML-to-text
 * converter and its parsers (half a megabyte of code) that a site waiting for its first visitor need not
 * hold.
 */
const render: typeof import('@react-email/render').render = async (...args) =>
  (await import('@react-email/render')).render(...args);

/** A mark React writes as it is, in text and attributes alike, for the words filled in per message. */
const mark = (name: string) => `@@practice-site:${name}@@`;
const marks = /@@practice-site:(\w+)@@/g;
/** An element React writes empty where a message's blocks go (in the card) and its inbox line (in the body). */
const blocksTag = 'practice-site-blocks';
const previewTag = 'practice-site-preview';

/** As React escapes text and attribute values (`'` as `&#x27;`, unlike #shared/html.ts). */
const escaped = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] as string,
  );

/** Fills each mark with its value, in one pass: a value holding a mark's text is never filled again. */
const filled = (template: string, values: Record<string, string>) =>
  template.replace(marks, (whole, name: string) => values[name] ?? whole);

/** Drawn parts, kept for the few firms and colours a site has (one, unless it changes them). */
function keptFor<T>(make: (key: string) => Promise<T>) {
  const kept = new Map<string, Promise<T>>();
  return (key: string) => {
    let made = kept.get(key);
    if (!made) {
      if (kept.size >= 16) kept.delete(kept.keys().next().value as string);
      made = make(key);
      kept.set(key, made);
      // A part that failed to draw is drawn again next time.
      made.catch(() => kept.delete(key));
    }
    return made;
  };
}

/**
 * The layout for one firm (and the site's address, when given, in place of its token), in pieces around
 * the inbox line, the blocks and the heading. The phone number is made unbreakable here, once.
 */
const frameOf = keptFor(async (key) => {
  const { firm, origin } = JSON.parse(key) as { firm: EmailFirm; origin?: string };
  let html = unbrokenPhone(
    finishedHtml(
      await render(
        h(EmailLayout, {
          firm,
          heading: mark('heading'),
          preview: h(previewTag),
          content: h(blocksTag),
        }),
      ),
      firm.typeface,
    ),
    firm.phone,
  );
  if (origin) html = html.replaceAll(publicOriginToken, escapeHtml(origin));
  const [beforePreview = '', rest = ''] = html.split(`<${previewTag}></${previewTag}>`);
  const [betweenThem = '', afterBlocks = ''] = rest.split(`<${blocksTag}></${blocksTag}>`);
  const aroundHeading = (part: string) => part.split(mark('heading'));
  return {
    beforePreview: aroundHeading(beforePreview),
    betweenThem: aroundHeading(betweenThem),
    afterBlocks,
  };
});

/** Pieces joined with `value` between each two, as ropes: the email's text is copied once, as it is sent. */
const joinedWith = (pieces: string[], value: string) =>
  pieces.reduce((joined, piece, i) => (i === 0 ? piece : joined + value + piece), '');

/** Each kind of block drawn with marks for its words, in one firm's colour and typeface. */
const blocksOf = keptFor(async (key) => {
  const { brand, typeface } = JSON.parse(key) as Pick<EmailFirm, 'brand' | 'typeface'>;
  const accent: Accent = accentOf(brand);
  const draw = async (item: EmailBlock) =>
    finishedHtml(withoutDoctype(await render(block(item, 0, accent))), typeface);
  const [paragraph, note, link, button, markdown, details] = await Promise.all([
    draw({ kind: 'paragraph', text: mark('text') }),
    draw({ kind: 'note', text: mark('text') }),
    draw({ kind: 'link', label: mark('label'), href: mark('href') }),
    draw({ kind: 'button', label: mark('label'), href: mark('href') }),
    draw({ kind: 'markdown-html', html: mark('html') }),
    draw({ kind: 'details', rows: [[mark('label'), mark('value')]] }),
  ]);
  // Details are a Section (a table) holding a table a row: split around the one row drawn.
  const rowStart = details.indexOf('<table', details.indexOf('<table') + 1);
  const rowEnd = details.indexOf('</table>', rowStart) + '</table>'.length;
  return {
    paragraph,
    note,
    link,
    button,
    markdown,
    detailsOpen: details.slice(0, rowStart),
    detailsRow: details.slice(rowStart, rowEnd),
    detailsClose: details.slice(rowEnd),
  };
});

/** A part as it stands inside the whole: without the doctype, and the Suspense marks render() puts round it. */
const withoutDoctype = (html: string) =>
  html
    .replace(/^<!DOCTYPE[^>]*>/i, '')
    .replace(/^<!--\$-->/, '')
    .replace(/<!--\/\$-->$/, '');

/** React Email's Preview: the inbox line, then blank characters up to 150 so no body text shows after it. */
const whiteSpaceCodes = '\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff';
async function previewHtml(text: string) {
  const line = text.substring(0, 150);
  const padding = line.length < 150 ? `<div>${whiteSpaceCodes.repeat(150 - line.length)}</div>` : '';
  return filled(await previewPart(''), { text: escaped(line), padding });
}
/** Drawn with a line of 150 characters, so that no padding is drawn; the padding's mark follows the line. */
const previewPart = keptFor(async () => {
  const full = `${mark('text')}${'x'.repeat(150 - mark('text').length)}`;
  return withoutDoctype(await render(h(Preview, null, full))).replace(
    full,
    `${mark('text')}${mark('padding')}`,
  );
});

type Parts = Awaited<ReturnType<typeof blocksOf>>;

/** One block: its kind's part with the message's words in it. */
function blockHtml(item: EmailBlock, parts: Parts): string {
  switch (item.kind) {
    case 'paragraph':
    case 'note':
      return filled(parts[item.kind], { text: escaped(item.text) });
    case 'link':
    case 'button':
      return filled(parts[item.kind], { label: escaped(item.label), href: escaped(item.href) });
    case 'markdown-html':
      return filled(parts.markdown, { html: item.html });
    case 'details':
      return `${parts.detailsOpen}${item.rows
        .map(([label, value]) => filled(parts.detailsRow, { label: escaped(label), value: escaped(value) }))
        .join('')}${parts.detailsClose}`;
  }
}

/**
 * The HTML part of an email: the body drawn in the firm's layout, with the site's address (`origin`) in
 * place of the layout's token when given (as the outbox sends it, outbox.ts).
 */
export async function renderEmailHtml(body: EmailBody, origin?: string): Promise<string> {
  const { firm } = body;
  const [frame, parts] = await Promise.all([
    frameOf(JSON.stringify({ firm, origin })),
    blocksOf(JSON.stringify({ brand: firm.brand, typeface: firm.typeface })),
  ]);
  // The frame's phone number is unbreakable already; the message's words are made so here, piece by piece.
  const unbroken = (html: string) => unbrokenPhone(html, firm.phone);
  const heading = unbroken(escaped(body.heading));
  const preview = unbroken(await previewHtml(body.preview));
  const drawn = body.blocks.map((item) => unbroken(blockHtml(item, parts)));
  return `${joinedWith(frame.beforePreview, heading)}${preview}${joinedWith(frame.betweenThem, heading)}${drawn.join('')}${frame.afterBlocks}`;
}

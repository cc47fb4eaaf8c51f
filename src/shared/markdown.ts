import MarkdownIt from 'markdown-it';
import { mailtoHref } from './mailto.ts';

// Articles and newsletters are written in Markdown by staff and read by anyone, so the HTML made from it
// must be safe whatever was typed: raw HTML in the source stays text, and a link may only go where an
// ordinary reader expects (http, https, mailto, tel, or a path on this site), an image only to the site's
// own pictures. The same renderer runs in the back office's live preview and on the server, so what
// staff see is what is published and mailed.

const safeLink = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;
/** A path on this site, as opposed to a link to another (`//host/…` is another site). */
const sitePath = /^\/(?!\/)/;

const markdown = new MarkdownIt('default', { html: false, linkify: true, typographer: true });
// Curly quotes, but no other typographic replacements: an accountant's (c) is a subsection of an Act,
// not a copyright sign, and 16--18 are paragraphs, not a dash.
markdown.disable('replacements');

markdown.validateLink = (url) => safeLink.test(url.trim());

interface RenderEnv {
  origin?: string;
  /** Paths on the site written as whole addresses, for HTML read elsewhere (an email, a feed reader). */
  absolute?: boolean;
}

function isOwnOrigin(href: string, origin: string | undefined) {
  if (!origin) return false;
  try {
    return new URL(href).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));

/** Links that leave the site open without handing it the page that opened them. */
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const { origin, absolute } = env as RenderEnv;
  let href = String(token?.attrGet('href') ?? '');
  // An address written as it is (`jo@example.com` or `<jo@example.com>`) links to that one address.
  const written = tokens[index + 1]?.content;
  if (
    token &&
    (token.markup === 'linkify' || token.markup === 'autolink') &&
    /^mailto:/i.test(href) &&
    written
  ) {
    href = mailtoHref(written.replace(/^mailto:/i, ''));
    token.attrSet('href', href);
  }
  if (token && /^https?:/i.test(href) && !isOwnOrigin(href, origin)) token.attrSet('rel', 'noopener');
  if (token && absolute && origin && sitePath.test(href)) token.attrSet('href', new URL(href, origin).href);
  return defaultLinkOpen(tokens, index, options, env, self);
};

const defaultImage = markdown.renderer.rules.image;
/**
 * Only the site's own pictures are shown: one from elsewhere would tell its host who read the article,
 * and the site's pages would not load it anyway (their Content-Security-Policy allows the site's own
 * images only). In HTML read elsewhere each is kept to the column's width inline, for email programs that
 * drop stylesheets (the site's pages allow no inline style, and their stylesheet does the same).
 */
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const { origin, absolute } = env as RenderEnv;
  const src = String(token?.attrGet('src') ?? '');
  if (!token || !(sitePath.test(src) || isOwnOrigin(src, origin))) return '';
  if (absolute && origin && sitePath.test(src)) token.attrSet('src', new URL(src, origin).href);
  token.attrSet('loading', 'lazy');
  if (absolute) token.attrSet('style', 'max-width:100%;height:auto');
  return defaultImage
    ? defaultImage(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

/**
 * The page's own title is its only h1, so the body's highest heading becomes h2 and the rest keep their
 * distance below it: an author who starts at `##` gets h2, not h3, and no level is skipped.
 */
markdown.core.ruler.push('headings-below-title', (state) => {
  const headings = state.tokens.filter(
    (token) => token.type === 'heading_open' || token.type === 'heading_close',
  );
  const highest = Math.min(...headings.map((token) => Number(token.tag.slice(1))));
  for (const token of headings) token.tag = `h${Math.min(6, Number(token.tag.slice(1)) - highest + 2)}`;
});

/**
 * Markdown as HTML that is safe to put in a page or an email. `origin` is the site's own address, whose
 * links are not outside links; `absolute` writes paths on it as whole addresses (emails, feeds).
 */
export function renderMarkdown(source: string, origin?: string, { absolute = false } = {}): string {
  return markdown.render(source, { origin, absolute } satisfies RenderEnv);
}

/**
 * Markdown as plain text, for an email's text part: paragraphs and list items on their own lines (an
 * ordered list numbered), a link followed by its whole address in brackets (a path on the site made whole
 * with `origin`), emphasis and code marks dropped.
 */
export function markdownToText(source: string, origin?: string): string {
  const out: string[] = [];
  let line = '';
  let href: string | null = null;
  let linkText = '';
  /** Each open list: the number of its next item, or null for a bulleted one. */
  const lists: (number | null)[] = [];
  const flush = () => {
    out.push(line.trimEnd());
    line = '';
  };
  for (const block of markdown.parse(source, {})) {
    switch (block.type) {
      case 'bullet_list_open':
        lists.push(null);
        break;
      case 'ordered_list_open':
        lists.push(Number(block.attrGet('start') ?? 1));
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        if (lists.length === 0) out.push('');
        break;
      case 'list_item_open': {
        const next = lists.at(-1) ?? null;
        line = `${'  '.repeat(lists.length - 1)}${next === null ? '- ' : `${next}. `}`;
        if (next !== null) lists[lists.length - 1] = next + 1;
        break;
      }
      case 'paragraph_close':
      case 'heading_close':
        flush();
        if (lists.length === 0) out.push('');
        break;
      case 'fence':
      case 'code_block':
        out.push(block.content.trimEnd(), '');
        break;
      case 'hr':
        out.push('---', '');
        break;
      case 'inline':
        for (const child of block.children ?? []) {
          if (child.type === 'link_open') {
            href = String(child.attrGet('href') ?? '');
            if (origin && sitePath.test(href)) href = new URL(href, origin).href;
            linkText = '';
          } else if (child.type === 'link_close') {
            line +=
              href && href !== linkText && mailtoHref(linkText) !== href ? `${linkText} (${href})` : linkText;
            href = null;
          } else if (child.type === 'text' || child.type === 'code_inline') {
            if (href !== null) linkText += child.content;
            else line += child.content;
          } else if (child.type === 'softbreak' || child.type === 'hardbreak') {
            if (href !== null) linkText += ' ';
            else line += child.type === 'hardbreak' ? '\n' : ' ';
          } else if (child.type === 'image') {
            line += child.content;
          }
        }
        break;
    }
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

import MarkdownIt from 'markdown-it';

// Articles and newsletters are written in Markdown by staff and read by anyone, so the HTML made from it
// must be safe whatever was typed: raw HTML in the source stays text, and a link or image may only go
// where an ordinary reader expects (http, https, mailto, tel, or a path on this site).
// The same renderer runs in the back office's live preview and on the server, so what staff see is
// what is published and mailed.

const safeLink = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;
const safeImage = /^(https:|\/(?!\/))/i;

const markdown = new MarkdownIt('default', { html: false, linkify: true, typographer: true });

markdown.validateLink = (url) => safeLink.test(url.trim());

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));

/** Links that leave the site open without handing it the page that opened them. */
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const href = String(token?.attrGet('href') ?? '');
  if (token && /^https?:/i.test(href) && !isOwnOrigin(href, (env as RenderEnv).origin)) {
    token.attrSet('rel', 'noopener');
  }
  return defaultLinkOpen(tokens, index, options, env, self);
};

const defaultImage = markdown.renderer.rules.image;
/** An image from elsewhere would tell its host who read the article, so only https images are shown. */
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (!token || !safeImage.test(String(token.attrGet('src') ?? ''))) return '';
  token.attrSet('loading', 'lazy');
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

interface RenderEnv {
  origin?: string;
}

function isOwnOrigin(href: string, origin: string | undefined) {
  if (!origin) return false;
  try {
    return new URL(href).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

/**
 * Markdown as HTML that is safe to put in a page or an email. `origin` is the site's own address, whose
 * links are not outside links.
 */
export function renderMarkdown(source: string, origin?: string): string {
  return markdown.render(source, { origin } satisfies RenderEnv);
}

/**
 * Markdown as plain text, for an email's text part: paragraphs and list items on their own lines, a link
 * followed by its address in brackets, emphasis and code marks dropped.
 */
export function markdownToText(source: string): string {
  const out: string[] = [];
  let line = '';
  let href: string | null = null;
  let linkText = '';
  const listPrefix: string[] = [];
  const flush = () => {
    out.push(line.trimEnd());
    line = '';
  };
  for (const block of markdown.parse(source, {})) {
    switch (block.type) {
      case 'bullet_list_open':
        listPrefix.push('- ');
        break;
      case 'ordered_list_open':
        listPrefix.push('1. ');
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        listPrefix.pop();
        if (listPrefix.length === 0) out.push('');
        break;
      case 'list_item_open':
        line = `${'  '.repeat(listPrefix.length - 1)}${listPrefix.at(-1) ?? ''}`;
        break;
      case 'paragraph_close':
      case 'heading_close':
        flush();
        if (listPrefix.length === 0) out.push('');
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
            linkText = '';
          } else if (child.type === 'link_close') {
            line +=
              href && href !== linkText && `mailto:${linkText}` !== href ? `${linkText} (${href})` : linkText;
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

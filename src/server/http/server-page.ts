import type { FastifyReply } from 'fastify';
import { escapeHtml } from '#shared/html.ts';
import { pageTitle } from '#shared/page-title.ts';
import type { RichText } from '#shared/rich-text.ts';
import { serverPageContentToken, serverPageHeadToken } from '#shared/server-page.ts';
import type { SiteFirm } from '#shared/site-firm.ts';

// The shell's title holds a token where the page's words go; the whole title is written here instead, so
// that a long one (an article's) is kept within what search engines show.
const titleElement = /<title>[^<]*<\/title>/;

/** Where the shell comes from: the site's pages, rendered for the firm of the moment (SitePages). */
interface Shell {
  readonly shell: string;
  readonly firm: SiteFirm;
  richText(text: RichText, headingsFrom?: 2 | 3): string;
}

/**
 * Pages the server writes itself (a cancel link's confirmation, say) in the site's own layout: the site's
 * pages include the layout with a token for each part, and this fills them in. `content` comes from `html`
 * below, so every value in it is escaped.
 */
export class ServerPages {
  readonly #source: Shell;

  constructor(source: Shell) {
    this.#source = source;
  }

  /** The firm the site shows now, for the words of the pages the server writes. */
  get firm(): SiteFirm {
    return this.#source.firm;
  }

  /** Rich text as the site's pages draw it, every character escaped by its renderer. */
  richText(text: RichText, headingsFrom: 2 | 3 = 2): SafeHtml {
    return new SafeHtml(this.#source.richText(text, headingsFrom));
  }

  /** The whole page: `head` adds to its <head> (a description, a canonical link, sharing tags). */
  render(title: string, content: SafeHtml, head: SafeHtml = new SafeHtml('')) {
    return this.#source.shell
      .replace(titleElement, () => `<title>${escapeHtml(pageTitle(title, this.#source.firm.name))}</title>`)
      .replace(serverPageHeadToken, () => head.value)
      .replace(serverPageContentToken, () => content.value);
  }

  send(reply: FastifyReply, status: number, title: string, content: SafeHtml) {
    const page = this.render(title, content);
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page);
  }
}

/** HTML that `html` made: its values already escaped, so it can go into another template as it is. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
}

type HtmlValue = string | number | SafeHtml | SafeHtml[];

const render = (value: HtmlValue): string =>
  value instanceof SafeHtml
    ? value.value
    : Array.isArray(value)
      ? value.map(render).join('')
      : escapeHtml(String(value));

/** A tagged template that escapes every interpolated value, except HTML that `html` made itself. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  return new SafeHtml(
    strings.reduce(
      (out, part, i) => out + part + (i < values.length ? render(values[i] as HtmlValue) : ''),
      '',
    ),
  );
}

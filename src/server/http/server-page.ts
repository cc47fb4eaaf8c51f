import { readFileSync } from 'node:fs';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../shared/html.ts';
import { publicOriginToken } from '../../shared/public-origin.ts';
import { serverPageContentToken, serverPageTitleToken } from '../../shared/server-page.ts';

/**
 * Pages the server writes itself (a cancel link's confirmation, say) in the site's own layout: the build
 * prerenders the layout once with two tokens, and this fills them in. `content` must be trusted HTML:
 * escape every value put into it with `html` below.
 */
export class ServerPages {
  readonly #shell: string;

  constructor(shellFile: string, publicUrl: URL) {
    this.#shell = readFileSync(shellFile, 'utf8').replaceAll(publicOriginToken, escapeHtml(publicUrl.origin));
  }

  send(reply: FastifyReply, status: number, title: string, content: string) {
    const page = this.#shell
      .replace(serverPageTitleToken, escapeHtml(title))
      .replace(serverPageContentToken, content);
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page);
  }
}

/** A tagged template that escapes every interpolated value. */
export function html(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce(
    (out, part, i) => out + part + (i < values.length ? escapeHtml(String(values[i])) : ''),
    '',
  );
}

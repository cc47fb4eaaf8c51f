import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** A site a test sends requests to: a test app in this process, or a server running as its own process. */
export interface Reachable {
  url: string;
  /** Present for a test app: its requests then go through Fastify's `inject`, with no socket. */
  app?: FastifyInstance;
}

/**
 * `fetch(site.url + path, init)`, answered the same way. For a test app in this process the request goes
 * through `app.inject` (the whole of Fastify's handling, without a socket or an HTTP client: faster, and
 * the same answer); a server in its own process is fetched over HTTP. Like fetch, it follows redirects
 * unless `init.redirect` is 'manual', and hands over a compressed body decompressed.
 */
export async function send(site: Reachable, path: string, init: RequestInit = {}): Promise<Response> {
  if (!site.app) return fetch(`${site.url}${path}`, init);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = bodyOf(init.body);
  const headers = new Headers(init.headers);
  if (init.body instanceof URLSearchParams && !headers.has('content-type')) {
    headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
  }
  let target = path;
  for (let redirects = 0; ; redirects++) {
    const answer = await site.app.inject({
      method: method as 'GET',
      url: target,
      headers: Object.fromEntries(headers),
      ...(body !== undefined && { payload: body }),
    });
    const location = answer.headers.location;
    const followed = init.redirect !== 'manual' && answer.statusCode >= 300 && answer.statusCode < 400;
    if (followed && typeof location === 'string' && redirects < 20) {
      // As fetch does: a 303 (or a POST answered 301/302) becomes a GET without a body.
      if (answer.statusCode === 303 || (method === 'POST' && answer.statusCode < 303)) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
      }
      target = new URL(location, `${site.url}${target}`).pathname + new URL(location, site.url).search;
      continue;
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const each of [value].flat()) if (each !== undefined) responseHeaders.append(name, String(each));
    }
    const empty = method === 'HEAD' || [101, 204, 205, 304].includes(answer.statusCode);
    return new Response(
      empty ? null : new Uint8Array(decoded(answer.rawPayload, answer.headers['content-encoding'])),
      {
        status: answer.statusCode,
        headers: responseHeaders,
      },
    );
  }
}

/** The body as fetch hands it over: decompressed, though the header still names the encoding. */
function decoded(body: Buffer, encoding: unknown): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

function bodyOf(body: RequestInit['body']): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return Buffer.from(body as ArrayBuffer);
  throw new Error('send() takes a string, URLSearchParams or bytes as the body');
}

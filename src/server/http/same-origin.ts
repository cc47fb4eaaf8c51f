import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure, isPageRequest } from './errors.ts';
import { html, type ServerPages } from './server-page.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'allowed' on the one route other sites may post to on purpose; every other route refuses them.
     * 'from-unreferred-pages': a form on a page of ours that sends no Referer (Referrer-Policy:
     * no-referrer, as a proposal's page whose address holds its token), whose posts browsers send with
     * `Origin: null`; such a post is taken when the browser vouches that it came from our own origin.
     */
    crossSite?: 'allowed' | 'from-unreferred-pages';
  }
}

/**
 * Route config for a request other sites send on purpose: mail providers' one-click unsubscribe
 * (RFC 8058), whose unguessable token is its authority. Spread it beside other config.
 */
export const crossSiteAllowed = { crossSite: 'allowed' } as const;

/**
 * Route config for a form on a page sent with Referrer-Policy: no-referrer: its post arrives with
 * `Origin: null`, and is taken only with `Sec-Fetch-Site: same-origin`, which no page can forge.
 */
export const postedFromUnreferredPages = { crossSite: 'from-unreferred-pages' } as const;

/** A post from one of our pages that sends no Referer: Origin null, and the browser says same-origin. */
const fromOurUnreferredPage = (request: FastifyRequest) =>
  request.routeOptions.config?.crossSite === 'from-unreferred-pages' &&
  request.headers.origin === 'null' &&
  request.headers['sec-fetch-site'] === 'same-origin';

const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];
const originsByUrl = new WeakMap<URL, Set<string>>();

/**
 * The origins our pages are served from: PUBLIC_URL's and, when that is on this machine's loopback, its
 * other names (`npm start` serves http://127.0.0.1:3000 while PUBLIC_URL defaults to localhost). Never
 * the request's own Host or X-Forwarded-Host: the caller writes those, so they prove nothing.
 */
function ourOrigins(publicUrl: URL): Set<string> {
  let origins = originsByUrl.get(publicUrl);
  if (!origins) {
    origins = new Set([publicUrl.origin]);
    if (loopbackNames.includes(publicUrl.hostname)) {
      for (const name of loopbackNames) {
        const alias = new URL(publicUrl.origin);
        alias.hostname = name;
        origins.add(alias.origin);
      }
    }
    originsByUrl.set(publicUrl, origins);
  }
  return origins;
}

const ours = (origin: string, publicUrl: URL) => ourOrigins(publicUrl).has(origin);

/**
 * A form post from another site is refused: browsers send Origin on cross-site POSTs, and a request
 * with neither Origin nor a same-site Referer comes from no page of ours.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: URL): boolean {
  const origin = request.headers.origin;
  if (origin) return ours(origin, publicUrl);
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return ours(new URL(referer).origin, publicUrl);
  } catch {
    return false;
  }
}

/**
 * What a browser says about where a request came from: another site when Sec-Fetch-Site says
 * `cross-site`, or when Origin names any origin but ours. `Origin: null` counts as another site: browsers
 * send it from sandboxed frames, data: and file: pages, and from pages that hide their origin, never from
 * a page of ours (our Referrer-Policy, same-origin, lets our own posts carry our origin). A request with no
 * Origin does not come from a browser's cross-site form or script, so it is not judged here.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: URL): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  return origin !== undefined && !ours(origin, publicUrl);
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const crossSiteMessage =
  'This form was sent from another website, so we did not accept it. Please fill it in on our own site.';

/**
 * A page of this very server at another address than PUBLIC_URL: the Origin names the host the request
 * was sent to, or PUBLIC_URL's host but for its scheme, its port or a leading `www.`.
 */
function looksLikeOurs(origin: string, request: FastifyRequest, publicUrl: URL): boolean {
  if (!URL.canParse(origin)) return false;
  const from = new URL(origin);
  const bare = (host: string) => host.replace(/^www\./, '');
  return from.host === request.headers.host || bare(from.hostname) === bare(publicUrl.hostname);
}

/**
 * One check for the whole site: a request that could change something (any method but GET, HEAD and
 * OPTIONS) which a browser marks as cross-site is refused with 403 before its handler runs, so no other
 * site can post a visitor's browser into signing up, booking or sending anything. It runs before the
 * route's schema checks the body, so another site learns nothing about what a form accepts; requests with
 * no Origin (servers, scripts) go on to the route's checks, bot check and limits.
 */
export function refuseCrossSiteRequests(app: FastifyInstance, publicUrl: URL, pages: ServerPages) {
  // Each address told once (a few at most, whatever a caller sends).
  const toldOf = new Set<string>();
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (safeMethods.has(request.method) || request.routeOptions.config?.crossSite === 'allowed') return;
    if (!isCrossSite(request, publicUrl) || fromOurUnreferredPage(request)) return;
    const origin = request.headers.origin?.slice(0, 200);
    request.log.info(
      { origin, secFetchSite: request.headers['sec-fetch-site'] },
      'cross-site request refused',
    );
    if (origin && !toldOf.has(origin) && toldOf.size < 5 && looksLikeOurs(origin, request, publicUrl)) {
      // Most likely the site is reached at another address than PUBLIC_URL says, and every form is
      // refused: said once for each such address, with PUBLIC_URL, for whoever reads the log to put it right.
      toldOf.add(origin);
      request.log.warn(
        { origin, publicUrl: publicUrl.origin },
        'a form was refused as sent from another site, but it came from a page of this server at another address than PUBLIC_URL: is PUBLIC_URL the address visitors use?',
      );
    }
    // A browser posting a form as a page gets a page; a script, whatever it accepts, the JSON answer.
    if (!isPageRequest(request)) return reply.status(403).send(failure(crossSiteMessage));
    return pages.send(
      reply,
      403,
      'Sent from another website',
      html`<h1>This form came from another website</h1>
      <p>We only accept forms sent from our own pages, so that no other website can send one in your
      name. Nothing was saved.</p>
      <p>If you were filling in one of our forms, please <a href="/">go to our site</a> and send it
      again from there.</p>`,
    );
  });
}

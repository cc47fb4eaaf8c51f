import type { FastifyInstance } from 'fastify';
import type { LiveFirm } from '#server/features/firm/index.ts';
import { failure } from '#server/http/errors.ts';
import { signInPage } from '#shared/api/accounts.ts';

export const beingSetUpMessage = 'This website is being set up. Please come back soon.';

/** A plain page with nothing of any firm in it, which search engines are told to leave out. */
const page = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Being set up</title>
</head>
<body>
<main>
<h1>This website is being set up</h1>
<p>Please come back soon.</p>
<p>Setting it up? <a href="${signInPage.path}">Sign in</a>.</p>
</main>
</body>
</html>
`;

/**
 * Until an owner saves the firm's details, a visitor meets no firm: every public page, form and feed
 * answers that the site is being set up (503, so search engines come back later), as a plain page or as
 * JSON. Open are the routes that declare it (`openBeforeSetUp`: signing in, choosing a password, the
 * set-up page, health and metrics) and the built files their pages need. Decided from the route that
 * matched, as access is; staff routes are left to the access rules.
 */
export function closeUntilSetUp(app: FastifyInstance, firm: LiveFirm) {
  app.addHook('onRequest', async (request, reply) => {
    if (firm.current) return;
    const { config } = request.routeOptions;
    if (!request.is404) {
      if ((config.access ?? 'staff') !== 'public') return;
      if (config.builtFile || config.endpoint?.openBeforeSetUp) return;
    }
    reply
      .status(503)
      .header('retry-after', '3600')
      .header('x-robots-tag', 'noindex')
      .header('cache-control', 'no-store');
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return reply.type('text/html; charset=utf-8').send(page);
    return reply.send(failure(beingSetUpMessage));
  });
}

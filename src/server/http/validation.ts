import type { FastifyInstance } from 'fastify';
import { failure } from './errors.ts';

/** Where the first NUL character is in a request's parsed path or query ('' for none): `token`, `q`… */
function nullCharacterAt(values: unknown): string | undefined {
  if (typeof values !== 'object' || values === null) return undefined;
  for (const [name, value] of Object.entries(values)) {
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((text) => typeof text === 'string' && text.includes('\u0000'))) return name;
  }
  return undefined;
}

/**
 * Refuses a NUL character in a request's path or query, naming the parameter: no parameter of the site
 * can hold one, and PostgreSQL would refuse it with an error rather than a reason. (Bodies are checked by
 * each route's own schema, which names the field in the visitor's words.)
 */
export function refuseNullCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const found = nullCharacterAt(request.params) ?? nullCharacterAt(request.query);
    if (found === undefined) return;
    // A wildcard's parameter (`*`), or one that is the whole path (a page of the firm's own, `/:page`),
    // means nothing to a caller by its name: the whole address is meant.
    const wholeAddress = found === '*' || request.routeOptions.url === `/:${found}`;
    const what = wholeAddress ? 'The web address' : found;
    return reply.status(400).send(failure(`${what} contains a character we cannot accept`));
  });
}

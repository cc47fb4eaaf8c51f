import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { failure } from './errors.ts';

// Zod's own messages ("Too big: expected string…") do not say which field; ours always do.
const zodDefaultMessage = /^(Invalid|Too big|Too small|Unrecognized)/;

/** One plain message per problem, each naming its field. */
export function validationMessages(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') {
      return `Unexpected field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    }
    return field && zodDefaultMessage.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
  });
}

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
    return reply.status(400).send(failure(`${found} contains a character we cannot accept`));
  });
}

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

/** Where the first NUL character is in a request's parsed input ('' for none): `message`, `items.2`… */
function nullCharacterAt(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nullCharacterAt(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Refuses a NUL character anywhere in a request's path, query or body, naming where. No field of the site
 * can hold one, and PostgreSQL would refuse it with an error rather than a reason.
 */
export function refuseNullCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const found =
      nullCharacterAt(request.params, '') ??
      nullCharacterAt(request.query, '') ??
      nullCharacterAt(request.body, '');
    if (found === undefined) return;
    const where = found === '' ? 'What you sent' : found;
    return reply.status(400).send(failure(`${where} contains a character we cannot accept`));
  });
}

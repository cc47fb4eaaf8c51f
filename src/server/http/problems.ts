import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

// Zod's own messages ("Too big: expected string…") do not say which field; ours always do.
const zodDefaultMessage = /^(Invalid|Too big|Too small|Unrecognized)/;

/** A problem found by a schema: Zod's issue, or the same issue as Fastify hands it to the error handler. */
export interface Problem {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
}

/** What a visitor is told when the body is not a form at all (none, a list, a bare value). */
export const notAFormMessage = 'The request did not hold a form. Please fill in the form and try again.';

/**
 * One plain message per problem, each naming its field, and each message once: a value can break two
 * rules that say the same thing (1e308 as a year is neither whole nor at most 2100).
 */
export function validationMessages(error: { issues: readonly Problem[] }): string[] {
  const messages = error.issues.map((issue) => {
    const field = issue.path.join('.');
    if (!field && issue.code === 'invalid_type') return notAFormMessage;
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      return `Unexpected field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    }
    return field && zodDefaultMessage.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
  });
  return [...new Set(messages)];
}

/** The route schema's problems with a request, from the error Fastify raises (fastify-type-provider-zod's shape). */
export function schemaProblems(error: FastifyError): Problem[] | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  return error.validation.map((problem) => ({
    code: problem.keyword,
    path: problem.instancePath.split('/').filter(Boolean),
    message: problem.message ?? '',
    keys: (problem.params as { keys?: string[] }).keys,
  }));
}

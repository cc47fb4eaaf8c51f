import type { z } from 'zod';

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

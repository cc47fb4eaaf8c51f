import type { z } from 'zod';

/** One plain message per problem, each naming its field (the schemas' messages mostly do already). */
export function validationMessages(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') {
      return `Unexpected field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    }
    return issue.message.includes(field) || !field ? issue.message : `${field}: ${issue.message}`;
  });
}

import type { FastifyContextConfig } from 'fastify';
import { backOfficeMessages } from '#shared/back-office.ts';

/**
 * Route config for a staff request about one email address (`{ email }`): when the address is what the
 * schema refused (or there was no body), one message: what is wrong with it, or "Enter an email address"
 * (none, not text, over 254 characters). A field beside it gets the usual answer, which names it.
 */
export const emailRefusal: FastifyContextConfig = {
  refusal: (problems) => {
    const aboutTheAddress = problems.every(
      (problem) =>
        problem.code !== 'unrecognized_keys' && [undefined, 'email'].includes(problem.path[0] as string),
    );
    if (!aboutTheAddress) return undefined;
    return {
      status: 422,
      messages: problems.every((problem) => problem.code === 'custom')
        ? problems.slice(0, 1).map((problem) => problem.message)
        : [backOfficeMessages.email],
    };
  },
};

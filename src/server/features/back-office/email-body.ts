import type { FastifyContextConfig } from 'fastify';
import { backOfficeMessages } from '#shared/back-office.ts';

/**
 * Route config for a staff request about one email address (`{ email }`): a body the schema refuses gets
 * one message, what is wrong with the address when the address is all that is wrong, else "Enter an
 * email address" (no address, not text, over 254 characters, or other fields beside it).
 */
export const emailRefusal: FastifyContextConfig = {
  refusal: (problems) => ({
    status: 422,
    messages: problems.every((problem) => problem.code === 'custom')
      ? problems.slice(0, 1).map((problem) => problem.message)
      : [backOfficeMessages.email],
  }),
};

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { backOfficeApi, backOfficeMessages, formTokenHeader } from '../../../shared/back-office.ts';
import { failure } from '../../http/errors.ts';
import type { FormTokens } from '../../http/form-token.ts';
import { signedInUser } from '../accounts/routes.ts';
import type { AccountService, SignedInUser } from '../accounts/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every back-office API request that got past the guard. */
    staff: SignedInUser;
  }
}

/**
 * Every back-office API request needs a signed-in, active user (401 otherwise), and every request that
 * changes something must also come from our own page with the form token (403 otherwise), so another
 * site cannot act through a member of staff's browser. Reads are safe from other sites already: the
 * session cookie is SameSite=Lax and the CSP and CORS defaults keep answers from other origins' scripts.
 */
export function guardBackOfficeApi(
  app: FastifyInstance,
  options: { accounts: AccountService; formTokens: FormTokens; publicUrl: URL },
) {
  app.decorateRequest('staff', null as unknown as SignedInUser);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith(`${backOfficeApi}/`)) return;
    reply.header('cache-control', 'no-store');
    const user = await signedInUser(options.accounts, options.publicUrl, request);
    if (!user) return reply.status(401).send(failure(backOfficeMessages.signedOut));
    if (request.method !== 'GET' && !options.formTokens.check(request, request.headers[formTokenHeader])) {
      return reply.status(403).send(failure(backOfficeMessages.forbidden));
    }
    request.staff = user;
  });
}

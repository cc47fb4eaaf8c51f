import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormAnswer, ServerFailure } from '#shared/api/endpoint.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { scrubText } from '../logging/redaction.ts';
import type { SitePages } from './pages.ts';
import { type Problem, schemaProblems, validationMessages } from './problems.ts';
import { html, type ServerPages } from './server-page.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For a form that also works as a plain page post: the page that answers a browser whose form the
     * route's schema refused, listing the problems. Script and API callers get the 422 answer.
     */
    refusalPage?: (reply: FastifyReply, problems: string[]) => FastifyReply | Promise<FastifyReply>;
    /**
     * For a route whose refusals have words of their own (one message whatever the problem, or a list's
     * 400 naming the filter it could not read): its answer to what its schemas refused, instead of 422
     * with one message per problem.
     */
    refusal?: (problems: readonly Problem[]) => { status: 400 | 422; messages: string[] } | undefined;
  }
}

export function succeeded(...infoMessages: string[]): FormAnswer {
  return { success: true, infoMessages, errorMessages: [] };
}

export function failure(...errorMessages: string[]): FormAnswer {
  return { success: false, infoMessages: [], errorMessages };
}

export const serviceUnavailableMessage =
  'We cannot take this just now, and nothing was saved. Please try again in a few minutes.';

// Fastify's own texts are written for developers; a visitor gets these instead.
const friendlyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'What you sent is too large. Please shorten it and try again.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Please send the form as JSON or as an ordinary form post.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request was empty. Please fill in the form and try again.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request could not be read. Please try again.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request could not be read. Please try again.',
};

/**
 * Fastify option `frameworkErrors`: a request its router cannot read (a path with broken percent-encoding)
 * gets the site's answer shape rather than Fastify's developer text.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // The router never matched it, so no request line follows: this line is the request's, its URL with
  // tokens and addresses removed (the error's message quotes the raw path, so it is left out).
  request.log.info({ req: request, code: error.code }, 'request refused');
  reply.status(400).send(failure('That web address is not valid. Please check it and try again.'));
}

/**
 * Fastify option `clientErrorHandler`: Node refused the request before Fastify saw it (headers or address
 * too long, a broken request line); answer in the site's shape and close the connection, as Node would.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The web address or headers are too long. Please shorten them and try again.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive. Please try again.']
        : [400, 'The request could not be read. Please try again.'];
  const body = JSON.stringify(failure(message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** A browser asking for a page (a navigation, or a form posted before its script loaded), not our scripts. */
export function isPageRequest(request: FastifyRequest) {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.includes('application/json');
}

export function registerErrorHandling(app: FastifyInstance, pages: SitePages, serverPages: ServerPages) {
  /**
   * Our own failing: a page to a browser that posted a form, the usual JSON to everyone else; both name
   * the request, so that whoever reports it can be found in the log.
   */
  const tooManyRequests = 'Too many requests. Please wait a minute and try again.';
  const ourFault = (request: FastifyRequest, reply: FastifyReply, status: number, message: string) => {
    if (isPageRequest(request)) {
      return serverPages.send(
        reply,
        status,
        'Please try again',
        html`<h1>Please try again</h1><p>${message}</p><p>If it happens again, tell us this reference: <code>${request.id}</code></p>`,
      );
    }
    const answer: ServerFailure = { ...failure(message), requestId: request.id };
    return reply.status(status).send(answer);
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status === 500 && isDatabaseUnavailable(error)) {
      // Every write is one transaction, so a request that failed here stored nothing.
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', '30');
      return ourFault(request, reply, 503, serviceUnavailableMessage);
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // Never a stack or an internal message to a visitor.
      return ourFault(
        request,
        reply,
        status,
        'Something went wrong on our side. Please try again in a moment.',
      );
    }
    const issues = schemaProblems(error);
    if (issues) {
      const own = request.routeOptions.config.refusal?.(issues);
      if (own) return reply.status(own.status).send(failure(...own.messages));
      const problems = validationMessages({ issues });
      // A path that names nothing there could be (a malformed id) is a page that does not exist.
      if (error.validationContext === 'params') return reply.status(404).send(failure(...problems));
      const page = request.routeOptions.config.refusalPage;
      if (page && isPageRequest(request)) return page(reply, problems);
      return reply.status(422).send(failure(...problems));
    }
    // A JSON parser's message quotes the start of the body, which may be a visitor's name or address.
    const logged = error instanceof SyntaxError ? undefined : scrubText(error.message);
    // At debug: the request's own line gives its status; this says why, for whoever looks closer.
    request.log.debug({ code: error.code, message: logged }, 'request refused');
    if (status === 429) {
      // A browser opening a page (a proposal's link, a form posted as a page) is answered with a page.
      if (isPageRequest(request)) {
        return serverPages.send(
          reply,
          429,
          'Please wait a minute',
          html`<h1>Please wait a minute</h1><p>${tooManyRequests}</p>`,
        );
      }
      return reply.status(429).send(failure(tooManyRequests));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send(failure(friendlyMessages.FST_ERR_CTP_INVALID_JSON_BODY as string));
    }
    const message = (error.code && friendlyMessages[error.code]) || error.message;
    return reply.status(status).send(failure(message));
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    const moved = wantsPage ? withoutTrailingSlash(request.url) : null;
    if (moved) return reply.redirect(moved, 301);
    if (wantsPage && pages.notFound) return pages.send(request, reply, pages.notFound, 404);
    return reply.status(404).send(failure('Not found.'));
  });
}

/**
 * `/contact/`, as a visitor may type it or another site link to it, is the page at `/contact`: the address
 * without its closing slashes, query kept. Only a path that starts with one slash is moved, so the answer
 * always stays on this site (`//elsewhere.example/` would be read as another host).
 */
export function withoutTrailingSlash(url: string): string | null {
  const queryAt = url.indexOf('?');
  const urlPath = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!/^\/[^/\\]/.test(urlPath) || !urlPath.endsWith('/')) return null;
  return urlPath.replace(/\/+$/, '') + (queryAt === -1 ? '' : url.slice(queryAt));
}

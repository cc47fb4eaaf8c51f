import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** The answers that are files (scripts, styles, fonts, pictures): at debug, so that a page is one line. */
function isFile(request: FastifyRequest, reply: FastifyReply) {
  if (request.routeOptions.config?.builtFile) return true;
  const type = String(reply.getHeader('content-type') ?? '');
  return /^(image|font)\/|^text\/css|javascript/.test(type);
}

/**
 * One log line per request, written as it is answered, naming what was asked (the method, the URL
 * without its tokens, the visitor's network and tag), how it ended and how long it took: the line an
 * operator reads. Fastify's own are two a request (one as it comes in), and a third for a path with no
 * route, which the answer's 404 already says.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log[isFile(request, reply) ? 'debug' : 'info'](line, 'request completed');
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Logger, stdSerializers } from 'pino';
import { redactUrl, scrubText } from './redaction.ts';

/** Every string in a serialized error, its causes included, scrubbed. */
function scrubbed(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubbed(item, depth + 1)]));
}

/** An error's message and any text the driver attached (PostgreSQL's `detail` quotes the row's values). */
function privateError(error: Error) {
  return scrubbed(stdSerializers.err(error));
}

/**
 * Fastify's request line, with the URL made safe to keep (see redactUrl). The address is the visitor's as
 * TRUST_PROXY reads it; the port only when the visitor is the socket's peer (behind a proxy it is the
 * proxy's).
 */
function privateRequest(request: FastifyRequest) {
  const socket = request.socket;
  return {
    method: request.method,
    url: redactUrl(request.url),
    // Written by the client, so it may hold anything, an address included.
    host: scrubText(request.host),
    remoteAddress: request.ip,
    ...(request.ip === socket?.remoteAddress && { remotePort: socket.remotePort }),
  };
}

/** Fastify's response line also names the request, so one line says what was asked and how it ended. */
function privateResponse(reply: FastifyReply) {
  return {
    statusCode: reply.statusCode,
    method: reply.request.method,
    url: redactUrl(reply.request.url),
  };
}

/**
 * The logger every part of the server logs through: request and response lines carry no link token or
 * email address, errors have addresses masked, and cookies and credentials are never written.
 */
export function privateLogger(log: Logger): Logger {
  return log.child(
    {},
    {
      serializers: { req: privateRequest, res: privateResponse, err: privateError },
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
  );
}

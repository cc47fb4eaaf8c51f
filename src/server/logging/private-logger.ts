import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Logger, stdSerializers } from 'pino';
import { clientAddressTagger, loggedClientAddress } from './client-address.ts';
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
 * Fastify's request line, with the URL made safe to keep (see redactUrl). The visitor's address, as
 * TRUST_PROXY reads it, is never written in clear: only its network and a keyed tag (client-address.ts).
 * No port either: with the whole address gone it would tell nothing, and behind a proxy it is the proxy's.
 */
const privateRequest = (tag: ((ip: string) => string) | undefined) => (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  // Written by the client, so it may hold anything, an address included.
  host: scrubText(request.host),
  ...loggedClientAddress(request.ip, tag),
});

/** Fastify's response line also names the request, so one line says what was asked and how it ended. */
function privateResponse(reply: FastifyReply) {
  return {
    statusCode: reply.statusCode,
    method: reply.request.method,
    url: redactUrl(reply.request.url),
  };
}

/**
 * The logger every part of the server logs through: request and response lines carry no link token,
 * email address or IP address in clear, errors have addresses masked, and cookies and credentials are
 * never written. `addressKey` (SESSION_SECRET) keys the tag that follows one visitor through the log.
 */
export function privateLogger(log: Logger, { addressKey }: { addressKey?: string } = {}): Logger {
  const tag = addressKey === undefined ? undefined : clientAddressTagger(addressKey);
  return log.child(
    {},
    {
      serializers: { req: privateRequest(tag), res: privateResponse, err: privateError },
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
  );
}

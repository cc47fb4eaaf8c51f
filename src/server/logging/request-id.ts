import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Each request's id, which every log line about it carries (Fastify's `reqId`), the `X-Request-Id` header
 * answers and a failure shows, so that whoever saw the failure can quote it and the operator find its lines.
 * Random rather than Fastify's counter, which restarts at 1 with each process and repeats across instances:
 * a quoted id must name one request. 9 random bytes (12 characters) make a repeat within years of logs
 * vanishingly unlikely, and are short enough to read out on the phone.
 */
const idBytes = 9;

// One call to the system's random source per few hundred requests, not one per request.
let pool = Buffer.alloc(0);
let offset = 0;

export function newRequestId(): string {
  if (offset + idBytes > pool.length) {
    pool = randomBytes(idBytes * 512);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + idBytes);
  offset += idBytes;
  return id;
}

export const requestIdHeader = 'x-request-id';

/** Every answer names its request. An id a client sends is not taken: it would let anyone write into the log. */
export function answerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(requestIdHeader, request.id);
    done();
  });
}

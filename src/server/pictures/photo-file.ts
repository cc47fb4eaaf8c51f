import type { FastifyReply } from 'fastify';

/**
 * A size of an uploaded photo (an article's cover, a page's picture), as stored. Its name is the
 * original's hash and the size: new bytes get a new name, so this one never changes and browsers may
 * keep it for a year.
 */
export function sendPhotoFile(reply: FastifyReply, file: { content_type: string; bytes: Uint8Array }) {
  return reply
    .header('content-type', file.content_type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(Buffer.from(file.bytes));
}

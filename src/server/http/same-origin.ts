import type { FastifyRequest } from 'fastify';

/**
 * A form post from another site is refused: browsers send Origin on cross-site POSTs, and a request
 * with neither Origin nor a same-site Referer comes from no page of ours.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: URL): boolean {
  const origin = request.headers.origin;
  if (origin) return origin === publicUrl.origin || origin === `${request.protocol}://${request.host}`;
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    const from = new URL(referer).origin;
    return from === publicUrl.origin || from === `${request.protocol}://${request.host}`;
  } catch {
    return false;
  }
}

import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { looksLikeToken, newToken } from '../tokens.ts';
import { isSameOrigin } from './same-origin.ts';

/**
 * Protection for the forms that act for a signed-in user or sign one in: the post must come from one of
 * our pages (Origin) and carry the token that is also in the visitor's HttpOnly cookie, which another site
 * can neither read nor set (double submit; `__Host-` under https).
 */
export function createFormTokens(publicUrl: URL) {
  const https = publicUrl.protocol === 'https:';
  const cookie = https ? '__Host-form-token' : 'form-token';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: https } as const;

  return {
    /** The visitor's token, set as a cookie the first time. */
    issue(request: FastifyRequest, reply: FastifyReply): string {
      const existing = request.cookies[cookie];
      if (existing && looksLikeToken(existing)) return existing;
      const token = newToken();
      reply.setCookie(cookie, token, cookieOptions);
      return token;
    },

    /** A post from one of our pages in this visitor's browser. */
    check(request: FastifyRequest, sent: unknown): boolean {
      if (!isSameOrigin(request, publicUrl)) return false;
      const expected = request.cookies[cookie];
      if (!expected || typeof sent !== 'string' || sent.length !== expected.length) return false;
      return timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
    },
  };
}

export type FormTokens = ReturnType<typeof createFormTokens>;

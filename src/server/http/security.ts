import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { BotCheckPublicSettings } from '#shared/bot-check.ts';
import { cookieBannerGateScript } from '#shared/cookie-banner-gate.ts';

/** What the hosted bot checks load: their script, the frame it opens, and the calls it makes (per their docs). */
const botCheckOrigins: Record<BotCheckPublicSettings['provider'], { script: string[]; frame: string[] }> = {
  altcha: { script: [], frame: [] },
  none: { script: [], frame: [] },
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
  turnstile: { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'] },
};

/** The cookie banner's gate must run before the first paint, so it is inline: allowed by its hash alone. */
const cookieBannerGateHash = `'sha256-${createHash('sha256').update(cookieBannerGateScript).digest('base64')}'`;

/**
 * Security headers for every answer. No inline style, and no inline script but the cookie banner's gate
 * (allowed by its hash), is allowed anywhere on the site; the only
 * other origins are those of a hosted bot check, when one is chosen. Helmet's middleware is built once
 * here (the Fastify plugin rebuilds it for every request) and sets the same headers on each answer.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: URL,
  botCheck: BotCheckPublicSettings['provider'],
) {
  const https = publicUrl.protocol === 'https:';
  const outside = botCheckOrigins[botCheck];
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...outside.script, cookieBannerGateHash],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...outside.script],
        frameSrc: ["'self'", ...outside.frame],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}

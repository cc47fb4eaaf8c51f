import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { BotCheckPublicSettings } from '#shared/bot-check.ts';

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

/**
 * Security headers for every answer. No inline script or style is allowed anywhere on the site; the only
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
        scriptSrc: ["'self'", ...outside.script],
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

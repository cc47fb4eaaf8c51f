import type { FastifyRequest } from 'fastify';
import { networkOf } from './source-address.ts';

/** A route's rate limit (@fastify/rate-limit route config): at most `max` requests per address a minute. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** Whom a rate limit counts: the visitor's network, as every per-address limit does (source-address.ts). */
export const rateLimitKey = (request: FastifyRequest) => networkOf(request.ip);

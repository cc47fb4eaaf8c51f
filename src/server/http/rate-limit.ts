/** A route's rate limit (@fastify/rate-limit route config): at most `max` requests per address a minute. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

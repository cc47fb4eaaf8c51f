/**
 * Who may reach a route, declared by its entry in the shared contract (src/shared/api/), which
 * `serve()` copies into the route's config; the built files declare `publicRoute`. A route that declares
 * nothing is staff-only: the access hook (http/access-control.ts) denies it to anyone not signed in, so
 * a route added without thought is closed, not open. Access is decided from the route that matched,
 * never from the URL string, so no spelling of a path reaches a route its access does not allow.
 *
 * - `public`: anyone.
 * - `staff`: a signed-in member of staff; a change (any method but GET and HEAD) also needs our Origin
 *   and the form token. Anonymous callers get 401, a change without the token 403.
 * - `owner`: as `staff`, and only an owner: a signed-in member of staff of the `staff` role gets 403.
 * - `staff-page`: a page of the back office; anonymous visitors are sent to the login page instead.
 */
import type { Access } from '#shared/api/endpoint.ts';

export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Route config for a route anyone may reach. Spread it beside other config: `{ ...publicRoute, ...perMinute(5) }`. */
export const publicRoute = { access: 'public' } as const satisfies { access: Access };

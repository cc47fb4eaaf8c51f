/**
 * Who may reach a route, declared on the route itself (`config: publicRoute`). A route that declares
 * nothing is staff-only: the access hook (http/access-hook.ts) denies it to anyone not signed in, so a
 * route added without thought is closed, not open. Access is decided from the route that matched,
 * never from the URL string, so no spelling of a path reaches a route its access does not allow.
 */
export type Access = 'public' | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Route config for a route anyone may reach. Spread it beside other config: `{ ...publicRoute, ...perMinute(5) }`. */
export const publicRoute = { access: 'public' } as const satisfies { access: Access };

import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { backOfficeMessages, type StaffRole } from '#shared/back-office.ts';
import { loginReturningTo } from '#shared/return-path.ts';
import type { Access } from './access.ts';
import { failure } from './errors.ts';

/** A signed-in member of staff. */
export interface Staff {
  id: number;
  email: string;
  /** What colleagues see them as; null until they give a name. */
  name: string | null;
  /** An owner may reach every route; `staff`, every route but the owner-only ones. */
  role: StaffRole;
  /** Whether an owner let this member of staff keep the calendar's availability (owners always may). */
  managesAvailability: boolean;
  /** The handle of the session the request came with (never its cookie value). */
  session: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route's declared access, by `METHOD path`: read by the tests that try every route. */
    routeAccess(): Map<string, Access>;
    /** Every route as registered, for the tests that check each one is documented. */
    registeredRoutes(): readonly RouteOptions[];
  }
  interface FastifyRequest {
    /** The member of staff making the request; set on every route that is not public. */
    staff: Staff;
  }
}

export interface AccessControlOptions {
  /** The signed-in member of staff behind a request, or null. */
  staffOf(request: FastifyRequest): Promise<Staff | null>;
  /** Whether a change comes from one of our pages with this visitor's form token. */
  formTokenMatches(request: FastifyRequest): boolean;
  /** Where a signed-out visitor to a back-office page is sent. */
  loginPath: string;
}

const safeMethods = new Set(['GET', 'HEAD']);

/**
 * One hook decides every request's access from the route Fastify matched, before the body is read:
 * the router has already decoded the path, so `/api/back-offic%65/…` is the same route as
 * `/api/back-office/…` and meets the same check. Must be registered before any route.
 */
export function registerAccessControl(app: FastifyInstance, options: AccessControlOptions) {
  // Kept as given and read when asked: a plugin's own onRoute hook (the static files') runs after this
  // one and may still declare the route's access.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.decorate('registeredRoutes', () => routes);
  app.decorate('routeAccess', () => {
    const access = new Map<string, Access>();
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        access.set(`${method} ${route.url}`, route.config?.access ?? 'staff');
      }
    }
    return access;
  });
  app.decorateRequest('staff', null as unknown as Staff);

  app.addHook('onRequest', async (request, reply) => {
    // No route matched: the not-found handler answers, and it serves nothing but the not-found page.
    if (request.is404) return;
    const access = request.routeOptions.config.access ?? 'staff';
    if (access === 'public') return;

    reply.header('cache-control', 'no-store');
    const staff = await options.staffOf(request);
    if (!staff) {
      // Signing in again brings them back to this page.
      if (access === 'staff-page')
        return reply.redirect(loginReturningTo(options.loginPath, request.url), 303);
      return reply.status(401).send(failure(backOfficeMessages.signedOut));
    }
    if (!safeMethods.has(request.method) && !options.formTokenMatches(request)) {
      return reply.status(403).send(failure(backOfficeMessages.forbidden));
    }
    if (access === 'owner' && staff.role !== 'owner') {
      return reply.status(403).send(failure(backOfficeMessages.ownersOnly));
    }
    if (access === 'availability' && !staff.managesAvailability) {
      return reply.status(403).send(failure(backOfficeMessages.availabilityOnly));
    }
    request.staff = staff;
  });
}

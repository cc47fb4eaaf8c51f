// Where an endpoint is and who may call it: the part of a contract entry (endpoint.ts) the browser needs to
// call it. Kept free of Zod, so that a page may call an endpoint without loading its schemas.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call it.
 * - `public`: anyone (an endpoint may still check a credential of its own, see `bearerToken`).
 * - `staff`: a signed-in member of staff; a change (any method but GET and HEAD) also needs the form
 *   token in the `x-form-token` header, twin of the form-token cookie.
 * - `owner`: as `staff`, and the signed-in member of staff must be an owner (staff accounts, settings,
 *   data protection, the audit log); anyone else gets 403.
 * - `availability`: as `staff`, and the member must be an owner or one an owner let keep the calendar's
 *   availability (working hours and blocked dates).
 * - `staff-page`: a page of the back office; an anonymous visitor is sent to the login page instead.
 */
export type Access = 'public' | 'staff' | 'owner' | 'availability' | 'staff-page';

export interface Route {
  method: Method;
  /** Fastify's form: `/api/back-office/enquiries/:reference`. */
  path: string;
  access: Access;
}

/** Declares a route, keeping its literal types. */
export const route = <const R extends Route>(spec: R): R => spec;

/** `/api/x/:id` with `{ id: 'a b' }` → `/api/x/a%20b`. */
export function pathWith(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { accountPaths } from '../../../shared/accounts.ts';
import { backOfficeApi } from '../../../shared/back-office.ts';
import type { Database } from '../../db/schema.ts';
import type { FormTokens } from '../../http/form-token.ts';
import type { PrerenderedPages } from '../../http/pages.ts';
import { signedInUser } from '../accounts/routes.ts';
import type { AccountService } from '../accounts/service.ts';
import type { BookingService } from '../booking/service.ts';
import { registerAvailabilityRoutes } from './availability-routes.ts';
import { registerDataProtectionRoutes } from './data-protection-routes.ts';
import { guardBackOfficeApi } from './guard.ts';
import { registerLeadRoutes } from './lead-routes.ts';
import { registerListRoutes } from './list-routes.ts';
import { registerStaffRoutes } from './staff-routes.ts';
import { leadSummary } from './summary.ts';

export interface BackOfficeRoutesOptions {
  db: Kysely<Database>;
  accounts: AccountService;
  formTokens: FormTokens;
  pages: PrerenderedPages;
  publicUrl: URL;
  bookings: BookingService;
  mailQueued: () => void;
  /** SESSION_SECRET: keys the pseudonym an erased address leaves behind. */
  secret: string;
}

/** The back office's API, behind its guard, and the page its screens run in. */
export function registerBackOfficeRoutes(app: FastifyInstance, options: BackOfficeRoutesOptions) {
  guardBackOfficeApi(app, options);
  const { db } = options;
  registerListRoutes(app, db);
  registerLeadRoutes(app, db, options.bookings, options.mailQueued);
  registerAvailabilityRoutes(app, db);
  registerStaffRoutes(app, options);
  registerDataProtectionRoutes(app, { db, secret: options.secret });

  app.get(`${backOfficeApi}/me`, async (request) => ({ email: request.staff.email }));
  app.get(`${backOfficeApi}/summary`, async () => {
    const [leads, signedIn] = await Promise.all([leadSummary(db), options.accounts.signedInStaff()]);
    return {
      leads,
      signedIn: signedIn.map((entry) => ({
        email: entry.email,
        kind: entry.kind,
        since: entry.created_at,
        lastSeen: entry.last_seen_at,
      })),
    };
  });

  // The back office itself is a prerendered shell whose screens run in the browser; every path under it
  // is the same page, so links and reloads work. Signed-out visitors go to the login page instead.
  const shell = options.pages.byPath.get(accountPaths.backOffice);
  if (!shell) throw new Error('The back office page is missing from the build');
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-robots-tag', 'noindex');
    const user = await signedInUser(options.accounts, options.publicUrl, request);
    if (!user) return reply.redirect(accountPaths.login, 303);
    return options.pages.send(request, reply, shell);
  };
  app.get(accountPaths.backOffice, sendShell);
  app.get(`${accountPaths.backOffice}/*`, sendShell);
}

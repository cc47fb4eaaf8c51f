import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { firm } from '../../../../content/firm.ts';
import { accountPaths } from '../../../shared/accounts.ts';
import type { Database } from '../../db/schema.ts';
import type { FormTokens } from '../../http/form-token.ts';
import { html, type ServerPages } from '../../http/server-page.ts';
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
  serverPages: ServerPages;
  publicUrl: URL;
  bookings: BookingService;
  mailQueued: () => void;
}

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', {
        timeZone: firm.timeZone,
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : 'none yet';

/** The back office's API, behind its guard, and the staff's landing page. */
export function registerBackOfficeRoutes(app: FastifyInstance, options: BackOfficeRoutesOptions) {
  guardBackOfficeApi(app, options);
  const { db } = options;
  registerListRoutes(app, db);
  registerLeadRoutes(app, db, options.bookings, options.mailQueued);
  registerAvailabilityRoutes(app, db);
  registerStaffRoutes(app, options);
  registerDataProtectionRoutes(app, db);

  // The landing page: who is signed in, and how many leads of each kind have arrived.
  app.get(accountPaths.backOffice, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    const user = await signedInUser(options.accounts, options.publicUrl, request);
    if (!user) return reply.redirect(accountPaths.login, 303);
    const [leads, staff] = await Promise.all([leadSummary(options.db), options.accounts.signedInStaff()]);
    const formToken = options.formTokens.issue(request, reply);
    return options.serverPages.send(
      reply,
      200,
      'Back office',
      html`<h1>Back office</h1>
      <p>Signed in as <strong>${user.email}</strong>.</p>
      <form method="post" action="${accountPaths.logout}">
        <input type="hidden" name="formToken" value="${formToken}">
        <button type="submit" class="button">Sign out</button>
      </form>
      <h2>Leads</h2>
      <table>
        <thead><tr><th scope="col">Kind</th><th scope="col">How many</th><th scope="col">Newest</th></tr></thead>
        <tbody>${leads.map(
          (lead) =>
            html`<tr><th scope="row">${lead.label}</th><td>${lead.total}</td><td>${when(lead.newest)}</td></tr>`,
        )}</tbody>
      </table>
      <h2>Signed in now</h2>
      <table>
        <thead><tr><th scope="col">Who</th><th scope="col">Since</th><th scope="col">Last active</th><th scope="col">Remembered</th></tr></thead>
        <tbody>${staff.map(
          (entry) =>
            html`<tr><td>${entry.email}</td><td>${when(entry.created_at)}</td><td>${when(entry.last_seen_at)}</td><td>${entry.kind === 'remembered' ? 'Yes, 30 days' : 'No'}</td></tr>`,
        )}</tbody>
      </table>`,
    );
  });
}

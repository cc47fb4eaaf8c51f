import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { AccountService } from '#server/features/accounts/index.ts';
import type { Page, SitePages } from '#server/http/pages.ts';
import { serve } from '#server/http/serve.ts';
import type { LeadRegistry } from '#server/leads/kind.ts';
import { refuseUnreadableFilters } from '#server/leads/list.ts';
import { today } from '#server/leads/today.ts';
import type { MailFiles } from '#server/mail/mail-files.ts';
import type { Clock } from '#server/time/clock.ts';
import {
  backOfficeMe,
  backOfficePage,
  backOfficeScreen,
  backOfficeSummary,
} from '#shared/api/back-office-overview.ts';
import { readAuditLog } from '#shared/api/back-office-staff.ts';
import { backOfficeToday } from '#shared/api/back-office-today.ts';
import { newSinceLastVisit } from '#shared/api/back-office-visits.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { listAudit } from './audit-list.ts';
import { registerDataProtectionRoutes } from './data-protection-routes.ts';
import { type CancelBooking, registerLeadRoutes } from './lead-routes.ts';
import { registerListRoutes } from './list-routes.ts';
import { registerPeopleRoutes } from './people-routes.ts';
import { registerPipelineRoutes } from './pipeline-routes.ts';
import { registerReportRoutes } from './report-routes.ts';
import { leadSummary } from './summary.ts';
import { newSinceLastVisit as countNewSinceLastVisit, openVisit } from './visits.ts';

export interface BackOfficeRoutesOptions {
  db: Kysely<Database>;
  accounts: AccountService;
  pages: SitePages;
  /** Every kind of lead, from the features that own them (lead-registry.ts). */
  leadKinds: LeadRegistry;
  /** The booking feature's cancelling, which staff use too. */
  cancelBooking: CancelBooking;
  /**
   * The staff endpoints each feature owns (subscribers, availability, advisers, staff accounts), added
   * among the back office's own, after the leads' and before the audit log's, in the order given: the API
   * document (docs/api.md) lists the back office's endpoints in the order they are added.
   */
  featureRoutes: ((app: FastifyInstance) => void)[];
  mailQueued: () => void;
  /** The firm of the moment, whose name signs a reply from inside. */
  firm: () => SiteFirm;
  /** SESSION_SECRET: keys the pseudonym an erased address leaves behind. */
  secret: string;
  /** The emails written to MAIL_DIR, which an erasure removes too. */
  mailFiles: MailFiles;
  now: Clock;
}

/**
 * The back office's API and the page its screens run in, as one plugin: its error handler (a list's
 * unreadable filter answers 400) applies to its routes alone. Every entry is staff-only, so the access
 * hook (http/access-control.ts) lets only signed-in staff reach them, and only with the form token for a
 * change.
 */
export const backOfficePlugin: FastifyPluginAsync<BackOfficeRoutesOptions> = async (app, options) => {
  const { db, leadKinds, now } = options;
  refuseUnreadableFilters(app);
  registerListRoutes(app, db, leadKinds, now);
  registerPipelineRoutes(app, db, now);
  registerLeadRoutes(app, db, {
    leadKinds,
    cancelBooking: options.cancelBooking,
    mailQueued: options.mailQueued,
    now,
  });
  // What needs the member today (leads/today.ts), against the firm's own reply promise.
  serve(app, backOfficeToday, (request) =>
    today(db, request.staff, { now: now(), replyPromise: options.firm().replyPromise }),
  );
  registerPeopleRoutes(app, { db, leadKinds, now, firm: options.firm, mailQueued: options.mailQueued });
  registerReportRoutes(app, db, now);
  for (const register of options.featureRoutes) register(app);
  /**
   * A page of staff actions or (`kind=sign-in`) of sign-in events, newest first: `{ items, next }`. A filter
   * its schema refuses answers 400 naming it, as every list of the back office does (leads/list.ts).
   */
  serve(app, readAuditLog, async (request) => listAudit(db, request.query));
  registerDataProtectionRoutes(app, {
    db,
    leadKinds,
    secret: options.secret,
    mailFiles: options.mailFiles,
    now,
  });

  serve(app, backOfficeMe, async ({ staff }) => {
    const { task_digest_off_at: digestOff } = await db
      .selectFrom('users')
      .select('task_digest_off_at')
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    return {
      email: staff.email,
      name: staff.name,
      taskDigest: digestOff === null,
      role: staff.role,
      managesAvailability: staff.managesAvailability,
    };
  });
  serve(app, newSinceLastVisit, (request) => countNewSinceLastVisit(db, leadKinds, request.staff, now()));
  serve(app, backOfficeSummary, async () => {
    const [leads, signedIn] = await Promise.all([
      leadSummary(db, leadKinds, now()),
      options.accounts.signedInStaff(),
    ]);
    return {
      leads,
      signedIn: signedIn.map((entry) => ({
        email: entry.email,
        name: entry.name,
        kind: entry.kind,
        since: entry.created_at,
        lastSeen: entry.last_seen_at,
      })),
    };
  });

  // The back office itself is a server-rendered shell whose screens run in the browser; every path under it
  // is the same page, so links and reloads work. Signed-out visitors are sent to the login page. Opening
  // it begins or continues a visit, by which the navigation counts the leads new to this member.
  if (!options.pages.page(backOfficePage.path))
    throw new Error('The back office page is missing from the build');
  for (const page of [backOfficePage, backOfficeScreen]) {
    serve(app, page, async (request, reply) => {
      await openVisit(db, request.staff, now());
      reply.header('x-robots-tag', 'noindex');
      return options.pages.send(request, reply, options.pages.page(backOfficePage.path) as Page);
    });
  }
};

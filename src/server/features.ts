import type { FastifyPluginAsync } from 'fastify';
import { botCheckPlugin } from './captcha/routes.ts';
import { accountsPlugin, registerStaffRoutes } from './features/accounts/index.ts';
import { registerAdviserRoutes } from './features/advisers/index.ts';
import { registerAlertRoutes } from './features/alerts/index.ts';
import { applicationsPlugin } from './features/applications/index.ts';
import { registerAvailabilityRoutes } from './features/availability/index.ts';
import { backOfficePlugin } from './features/back-office/index.ts';
import { bookingPlugin, registerCallChangeStaffRoutes } from './features/booking/index.ts';
import { enquiriesPlugin } from './features/enquiries/index.ts';
import { firmDetailsNow, registerFirmRoutes, siteFirmNow } from './features/firm/index.ts';
import { registerHandoverRoutes } from './features/handover/index.ts';
import { createArticleService, insightsPlugin, type PublishedInsights } from './features/insights/index.ts';
import { instantQuotePlugin, registerInstantQuoteSettingRoutes } from './features/instant-quote/index.ts';
import { mailingListPlugin, registerSubscriberStaffRoutes } from './features/mailing-list/index.ts';
import { newsletterPlugin } from './features/newsletter/index.ts';
import {
  demoPeopleShown,
  isDemoPerson,
  type PublishedPages,
  pagesService,
  publicPagesPlugin,
  registerPageRoutes,
} from './features/pages/index.ts';
import { registerPricingRoutes } from './features/pricing/index.ts';
import {
  proposalClientPlugin,
  registerProposalRoutes,
  registerTermsRoutes,
} from './features/proposals/index.ts';
import { registerChecklistRoutes, setupPlugin } from './features/setup/index.ts';
import type { FormTokens } from './http/form-token.ts';
import { type SitePages, sitePagesPlugin } from './http/pages.ts';
import type { ServerPages } from './http/server-page.ts';

/** What the app builds before its features, and hands to them. */
export interface FeatureParts {
  formTokens: FormTokens;
  pages: SitePages;
  serverPages: ServerPages;
  /** The published articles' pages, which the sitemap lists too. */
  insights: PublishedInsights;
  /** The firm's own pages as published. */
  firmPages: PublishedPages;
}

/**
 * The site's features, each a Fastify plugin with the services it needs (made once, in services.ts),
 * registered after the app's own hooks (access, errors, cross-site refusal) so that every route meets
 * them; the prerendered pages come last, leaving out any page a feature serves itself.
 */
export const featuresPlugin: FastifyPluginAsync<FeatureParts> = async (
  app,
  { formTokens, pages, serverPages, insights, firmPages },
) => {
  const { config, db, clock, services } = app.deps;
  const { botCheck, signInProof, accounts, mailingList, applications, bookings } = services;
  // A page of the firm's own may not take an address any route of the site answers, by any method, nor
  // one under which the site's routes and files live or that answers only when configured (/metrics).
  const firmPagesService = pagesService(db, {
    isTaken: (path) =>
      (['GET', 'POST', 'PUT', 'DELETE'] as const).some((method) => app.hasRoute({ method, url: path })) ||
      /^\/(api|assets|pictures|badges|pages|page-pictures|forms|metrics|insights|setup)$/.test(path),
    now: clock,
  });
  // Told after a commit that queued mail. A booking or a cancellation (the booking form, the back office)
  // may also have queued a write into an adviser's calendar, so the calendar writer looks too; the other
  // forms, a lead each, do not make it look for nothing.
  const mailQueued = () => app.deps.outbox.kick();
  const callsChanged = () => {
    mailQueued();
    app.deps.calendarWriter?.kick();
  };
  await app.register(botCheckPlugin, {
    botCheck,
    signInProof,
    rateLimitPerMinute: config.formRateLimitPerMinute,
  });
  await app.register(mailingListPlugin, {
    mailingList,
    pages: serverPages,
    rateLimitPerMinute: config.formRateLimitPerMinute,
    mailQueued,
  });
  await app.register(enquiriesPlugin, {
    enquiries: services.enquiries,
    botCheck,
    pages: serverPages,
    rateLimitPerMinute: config.formRateLimitPerMinute,
    mailQueued,
  });
  await app.register(instantQuotePlugin, {
    db,
    enquiries: services.enquiries,
    botCheck,
    pages: serverPages,
    rateLimitPerMinute: config.formRateLimitPerMinute,
    mailQueued,
  });
  await app.register(applicationsPlugin, {
    applications,
    questionnaire: () => siteFirmNow(services.firm).questionnaire,
    botCheck,
    pages: serverPages,
    rateLimitPerMinute: config.formRateLimitPerMinute,
    mailQueued,
  });
  await app.register(bookingPlugin, {
    booking: bookings,
    botCheck,
    pages: serverPages,
    publicUrl: config.publicUrl,
    findApplication: (reference, email) => applications.findForBooking(reference, email),
    rateLimitPerMinute: config.formRateLimitPerMinute,
    videoLink: config.zoom ? 'zoom' : config.meetingUrl ? 'room' : 'later',
    mailQueued: callsChanged,
  });

  await app.register(accountsPlugin, {
    accounts,
    formTokens,
    pages,
    serverPages,
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.formRateLimitPerMinute,
    mailQueued,
  });
  await app.register(setupPlugin, {
    db,
    accounts,
    pages: serverPages,
    now: clock,
    rateLimitPerMinute: config.formRateLimitPerMinute,
  });
  await app.register(proposalClientPlugin, {
    db,
    pages: serverPages,
    now: clock,
    rateLimitPerMinute: config.formRateLimitPerMinute,
    staffEmail: () => services.mail.staffEmail,
    logo: () => services.firm.current?.logo,
    // An acceptance queues the engagement letter's emails and, perhaps, the webhook.
    mailQueued: () => {
      mailQueued();
      app.deps.webhooks?.kick();
    },
  });
  await app.register(backOfficePlugin, {
    db,
    accounts,
    pages,
    leadKinds: services.leadKinds,
    firm: () => siteFirmNow(services.firm),
    cancelBooking: (reference, userId) => bookings.cancelByStaff(reference, userId),
    featureRoutes: [
      (scope) => registerSubscriberStaffRoutes(scope, { mailingList, mailQueued }),
      (scope) => registerCallChangeStaffRoutes(scope, { booking: bookings, mailQueued: callsChanged }),
      (scope) => registerAvailabilityRoutes(scope, db, clock),
      (scope) => registerPricingRoutes(scope, db, clock),
      (scope) => registerTermsRoutes(scope, db, clock),
      (scope) => registerInstantQuoteSettingRoutes(scope, db, clock),
      (scope) =>
        registerHandoverRoutes(scope, {
          db,
          now: clock,
          sessionSecret: config.sessionSecret,
          production: config.nodeEnv === 'production',
        }),
      (scope) =>
        registerProposalRoutes(scope, {
          db,
          now: clock,
          firm: () => siteFirmNow(services.firm),
          secret: config.sessionSecret,
          publicUrl: config.publicUrl,
          mailQueued,
        }),
      (scope) =>
        registerFirmRoutes(scope, {
          db,
          firm: services.firm,
          now: clock,
          demoPeople: {
            shown: () => demoPeopleShown(db),
            async remove(by) {
              if (await firmPagesService.removePeople(isDemoPerson, by)) await firmPages.refresh();
            },
          },
        }),
      (scope) =>
        registerAdviserRoutes(scope, {
          db,
          advisers: services.advisers,
          staleMinutes: config.calendars.staleMinutes,
        }),
      (scope) => registerStaffRoutes(scope, { accounts, mailQueued }),
      (scope) => registerAlertRoutes(scope, db),
      (scope) =>
        registerPageRoutes(scope, {
          pages: firmPagesService,
          changed: () => firmPages.refresh(),
          draw: (path, document) => pages.renderSections(path, document),
        }),
      (scope) =>
        registerChecklistRoutes(scope, {
          db,
          facts: {
            botCheckOn: botCheck.publicSettings.provider !== 'none',
            backupsTakenBySite: config.backups !== undefined,
            mailServer: config.smtpUrl !== undefined,
          },
          firm: () => serverPages.firm,
          firmDetails: () => firmDetailsNow(services.firm),
          publicUrl: config.publicUrl,
          now: clock,
          mailQueued,
        }),
    ],
    mailQueued: callsChanged,
    mailFiles: services.mailFiles,
    secret: config.sessionSecret,
    now: clock,
  });

  await app.register(insightsPlugin, {
    // Made here rather than with the other services: a change refreshes the published pages the app built.
    articles: createArticleService({ db, now: clock, changed: () => insights.refresh() }),
    published: insights,
    refreshSeconds: config.insightsRefreshSeconds,
  });

  await app.register(newsletterPlugin, {
    newsletter: services.newsletter,
    pages: serverPages,
    publicUrl: config.publicUrl,
    mailQueued,
    campaignStarted: () => app.deps.campaigns?.kick(),
  });

  await app.register(sitePagesPlugin, { pages });
  // After every other route, so that a page of the firm's own can only take an address nothing else has.
  await app.register(publicPagesPlugin, {
    pages: firmPagesService,
    published: firmPages,
    site: pages,
    refreshSeconds: config.insightsRefreshSeconds,
  });
};

import type { FastifyPluginAsync } from 'fastify';
import type { BotCheck } from './captcha/index.ts';
import { botCheckPlugin } from './captcha/routes.ts';
import { type AccountService, accountsPlugin, registerStaffRoutes } from './features/accounts/index.ts';
import { createAdviserService, registerAdviserRoutes } from './features/advisers/index.ts';
import { applicationsPlugin, createApplicationService } from './features/applications/index.ts';
import { registerAvailabilityRoutes } from './features/availability/index.ts';
import { backOfficePlugin } from './features/back-office/index.ts';
import { bookingPlugin, createBookingService, sourceAddressHasher } from './features/booking/index.ts';
import { calendarWriteBack, createCalendarRecheck } from './features/calendars/index.ts';
import { createEnquiryService, enquiriesPlugin } from './features/enquiries/index.ts';
import {
  articlesForNewsletter,
  createArticleService,
  insightsPlugin,
  type PublishedInsights,
} from './features/insights/index.ts';
import {
  createMailingListService,
  mailingListPlugin,
  registerSubscriberStaffRoutes,
} from './features/mailing-list/index.ts';
import { createNewsletterService, newsletterPlugin } from './features/newsletter/index.ts';
import type { FormTokens } from './http/form-token.ts';
import { type PrerenderedPages, prerenderedPagesPlugin } from './http/pages.ts';
import type { ServerPages } from './http/server-page.ts';
import { leadRegistry } from './lead-registry.ts';
import { mailFiles } from './mail/mail-files.ts';
import { recipientCap } from './mail/recipient-cap.ts';

/** What the app builds before its features, and hands to them. */
export interface FeatureParts {
  botCheck: BotCheck;
  signInProof: BotCheck;
  accounts: AccountService;
  formTokens: FormTokens;
  pages: PrerenderedPages;
  serverPages: ServerPages;
  /** The published articles' pages, which the sitemap lists too. */
  insights: PublishedInsights;
}

/**
 * The site's features, each a Fastify plugin with the services it needs, registered after the app's own
 * hooks (access, errors, cross-site refusal) so that every route meets them; the prerendered pages come
 * last, leaving out any page a feature serves itself.
 */
export const featuresPlugin: FastifyPluginAsync<FeatureParts> = async (
  app,
  { botCheck, signInProof, accounts, formTokens, pages, serverPages, insights },
) => {
  const { config, db, clock } = app.deps;
  const mail = {
    publicUrl: config.publicUrl,
    staffEmail: config.staffEmail,
    organizerEmail: addressOf(config.mailFrom),
  };
  // Told after a commit that queued mail; a booking or cancellation may also have queued a write into an
  // adviser's calendar, so the calendar writer looks too (a look that finds nothing costs one query).
  const mailQueued = () => {
    app.deps.outbox.kick();
    app.deps.calendarWriter?.kick();
  };
  const { secretKey } = config.calendars;
  const calendarHooks = {
    ...calendarWriteBack(mail),
    // Without the key no calendar can be read, so there is nothing to check once more.
    recheck: secretKey
      ? createCalendarRecheck({ db, secretKey, refusePrivateHosts: config.nodeEnv === 'production' })
      : async () => undefined,
  };
  /** Reads an adviser's calendar at once rather than at the next pass; the result shows on the screen. */
  const readCalendarNow = (adviserId: number) => {
    void app.deps.calendarSync?.syncNow(adviserId).catch(() => {});
  };
  await app.register(botCheckPlugin, {
    botCheck,
    signInProof,
    rateLimitPerMinute: config.formRateLimitPerMinute,
  });
  // One cap for every email the public forms send a typed address, shared by the features below.
  const recipients = recipientCap(config.sessionSecret, config.maxEmailsPerRecipientPerDay);
  const mailingList = createMailingListService({
    db,
    mail: { publicUrl: config.publicUrl, unsubscribeMailbox: mail.organizerEmail },
    secret: config.sessionSecret,
    recipientCap: recipients,
    now: clock,
  });
  await app.register(mailingListPlugin, {
    mailingList,
    pages: serverPages,
    rateLimitPerMinute: config.formRateLimitPerMinute,
    mailQueued,
  });
  await app.register(enquiriesPlugin, {
    enquiries: createEnquiryService({ db, mail, mailingList, recipientCap: recipients, now: clock }),
    botCheck,
    rateLimitPerMinute: config.formRateLimitPerMinute,
    mailQueued,
  });
  const applications = createApplicationService({ db, mail, now: clock });
  await app.register(applicationsPlugin, {
    applications,
    botCheck,
    rateLimitPerMinute: config.formRateLimitPerMinute,
    mailQueued,
  });
  const bookings = createBookingService({
    db,
    mail,
    limits: config.bookingLimits,
    sourceAddressHash: sourceAddressHasher(config.sessionSecret),
    recipientCap: recipients,
    calendarStaleMinutes: config.calendars.staleMinutes,
    calendars: calendarHooks,
    now: clock,
  });
  await app.register(bookingPlugin, {
    booking: bookings,
    botCheck,
    pages: serverPages,
    publicUrl: config.publicUrl,
    findApplication: (reference, email) => applications.findForBooking(reference, email),
    rateLimitPerMinute: config.formRateLimitPerMinute,
    videoLink: config.zoom ? 'zoom' : config.meetingUrl ? 'room' : 'later',
    mailQueued,
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
  await app.register(backOfficePlugin, {
    db,
    accounts,
    pages,
    leadKinds: leadRegistry(calendarHooks.cancelled),
    cancelBooking: (reference, userId) => bookings.cancelByStaff(reference, userId),
    featureRoutes: [
      (scope) => registerSubscriberStaffRoutes(scope, { mailingList, mailQueued }),
      (scope) => registerAvailabilityRoutes(scope, db, clock),
      (scope) =>
        registerAdviserRoutes(scope, {
          db,
          advisers: createAdviserService({
            db,
            calendarSecretKey: config.calendars.secretKey,
            staleMinutes: config.calendars.staleMinutes,
            refusePrivateCalendarHosts: config.nodeEnv === 'production',
            readCalendarNow,
            now: clock,
          }),
          staleMinutes: config.calendars.staleMinutes,
        }),
      (scope) => registerStaffRoutes(scope, { accounts, mailQueued }),
    ],
    mailQueued,
    mailFiles: mailFiles(config.mailDir, config.sessionSecret),
    secret: config.sessionSecret,
    now: clock,
  });

  await app.register(insightsPlugin, {
    articles: createArticleService({ db, now: clock, changed: () => insights.refresh() }),
    published: insights,
    refreshSeconds: config.insightsRefreshSeconds,
  });

  await app.register(newsletterPlugin, {
    newsletter: createNewsletterService({
      db,
      mail: { publicUrl: config.publicUrl, unsubscribeMailbox: mail.organizerEmail },
      articleSource: articlesForNewsletter(db, config.publicUrl),
      now: clock,
    }),
    pages: serverPages,
    publicUrl: config.publicUrl,
    mailQueued,
    campaignStarted: () => app.deps.campaigns?.kick(),
  });

  await app.register(prerenderedPagesPlugin, { pages });
};

/** "Fenwick & Hale <hello@…>" → "hello@…" */
export function addressOf(mailbox: string) {
  return mailbox.match(/<([^>]+)>/)?.[1] ?? mailbox.trim();
}

import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { signIn } from '#shared/api/accounts.ts';
import { formTokenHeader } from '#shared/back-office.ts';
import { botCheckSettingsToken } from '#shared/bot-check.ts';
import { publicOriginToken } from '#shared/public-origin.ts';
import { retentionPeriodToken, retentionPeriodWords } from '#shared/retention.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { sessionCookie, signedInUser } from './features/accounts/index.ts';
import type { CalendarSync, CalendarWriter } from './features/calendars/index.ts';
import { registerSitePictures, siteFirmNow } from './features/firm/index.ts';
import type { WebhookSender } from './features/handover/index.ts';
import { PublishedInsights } from './features/insights/index.ts';
import { PublishedPages } from './features/pages/index.ts';
import { closeUntilSetUp } from './features/setup/index.ts';
import { featuresPlugin } from './features.ts';
import { publicRoute } from './http/access.ts';
import { registerAccessControl } from './http/access-control.ts';
import { registerApiDocument } from './http/api-document.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { createFormTokens } from './http/form-token.ts';
import { registerHealth } from './http/health.ts';
import { registerMetrics } from './http/metrics.ts';
import { SitePages } from './http/pages.ts';
import { rateLimitKey } from './http/rate-limit.ts';
import { refuseCrossSiteRequests } from './http/same-origin.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { ServerPages } from './http/server-page.ts';
import { registerSitemap } from './http/sitemap.ts';
import { registerTheme } from './http/theme.ts';
import { dropUnreadableForwardedEntries, trustProxyOption } from './http/trusted-proxies.ts';
import { refuseNullCharacters } from './http/validation.ts';
import type { Poller } from './jobs/poller.ts';
import type { ScheduledBackups } from './jobs/scheduled-backups.ts';
import { privateLogger } from './logging/private-logger.ts';
import { answerRequestId, newRequestId } from './logging/request-id.ts';
import { OneLinePerRequest } from './logging/request-lines.ts';
import type { OutboxWorker } from './mail/worker.ts';
import type { Services } from './services.ts';
import type { Clock } from './time/clock.ts';

export interface AppDependencies {
  config: Config;
  db: Db;
  /** Where request lines go; the app keeps tokens and addresses out of them whatever logger this is. */
  log: Logger;
  /** The services the features are built on, made once (services.ts) and shared with the background workers. */
  services: Services;
  /** Told to look for mail right after a request queued some. */
  outbox: Pick<OutboxWorker, 'kick'>;
  /** Told to write into advisers' calendars right after a booking or cancellation queued a write. */
  calendarWriter?: Pick<CalendarWriter, 'kick'>;
  /** Reads one adviser's calendar at once (after connecting it, or "Read now"); unset without CALENDAR_SECRET_KEY. */
  calendarSync?: Pick<CalendarSync, 'syncNow'>;
  /** Told to deliver the webhook right after an acceptance queued a delivery (features/handover). */
  webhooks?: Pick<WebhookSender, 'kick'>;
  /** Told to add a campaign's recipients right after it started sending. */
  campaigns?: Pick<Poller, 'kick'>;
  /** The daily backups' state, shown in the metrics; unset without BACKUP_DIR. */
  backups?: Pick<ScheduledBackups, 'status'>;
  /** Where every part of the app reads the time. */
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDependencies;
  }
  interface FastifyContextConfig {
    /** Served from the client build (dist/client), not from an endpoint of the contract. */
    builtFile?: true;
  }
}

/** Large enough for any form on the site (a long enquiry message), small enough to refuse a flood. */
const bodyLimit = 64 * 1024;

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db, clock } = deps;
  const app = Fastify({
    // Typed as Fastify's own logger, so the app's type does not change with the logger library.
    loggerInstance: privateLogger(deps.log, { addressKey: config.sessionSecret }) as FastifyBaseLogger,
    bodyLimit,
    trustProxy: trustProxyOption(config.trustProxy),
    // Fastify's earliest call with each request, before it is routed or logged: the one place to tidy a
    // header that every later step reads. The URL itself is left as it came.
    rewriteUrl: (request) => {
      dropUnreadableForwardedEntries(request);
      return request.url ?? '/';
    },
    genReqId: newRequestId,
    // One line a request instead of Fastify's two, and files at debug.
    logController: new OneLinePerRequest(),
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('deps', deps);
  // Bodies are JSON or an ordinary form post. Fastify would also read text/plain as a bare string, which
  // no endpoint takes: refused at once (415) as any other type is.
  app.removeContentTypeParser('text/plain');

  const { botCheck, accounts, firm } = deps.services;
  await firm.refresh();
  const pages = await SitePages.load(
    config.distDir,
    {
      [publicOriginToken]: config.publicUrl.origin,
      [botCheckSettingsToken]: JSON.stringify(botCheck.publicSettings),
      [retentionPeriodToken]: retentionPeriodWords(config.retentionMonths),
    },
    siteFirmNow(firm),
  );

  // In a fixed order, as Fastify's own demo app does: outside plugins, then the app's own hooks and
  // routes, then the features, so that every feature's route meets every hook.
  // 1. Outside plugins.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, config.publicUrl, botCheck.publicSettings.provider);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(formbody, { bodyLimit });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(rateLimit, { global: false, keyGenerator: rateLimitKey });

  // 2. The app's own. A route is staff-only unless it declares otherwise. Registered before any route, so that every route
  // is behind it, and after the cookie parser, whose cookies it reads.
  answerRequestId(app); // first, so that an answer the access rules give names its request too
  const formTokens = createFormTokens(config.publicUrl);
  registerAccessControl(app, {
    staffOf: (request) => signedInUser(accounts, config.publicUrl, request),
    formTokenMatches: (request) => formTokens.check(request, request.headers[formTokenHeader]),
    loginPath: signIn.path,
  });
  await registerApiDocument(app, config.publicUrl, sessionCookie(config.publicUrl).name);
  await registerMetrics(app, db, config.metricsToken, deps.backups);
  registerHealth(app, db);
  const serverPages = new ServerPages(pages);
  const insights = new PublishedInsights({
    db,
    shell: serverPages,
    origin: config.publicUrl.origin,
    now: clock,
  });
  const firmPages = new PublishedPages({
    db,
    draw: (urlPath, document) => pages.renderSections(urlPath, document),
    drawFailed: (urlPath, error) => app.log.error({ err: error, path: urlPath }, 'page not drawn'),
    // The articles' pages wear the same navigation: written again when it changed.
    showInNavigation: async (listed) => {
      if (pages.showPages(listed))
        await insights
          .refresh()
          .catch((error) => app.log.error({ err: error }, 'articles not rendered again'));
    },
  });
  // A change of the firm, saved here or seen from another instance, renders what shows it again.
  const stopRendering = firm.onChange(async () => {
    pages.render(siteFirmNow(firm));
    await insights.refresh().catch((error) => app.log.error({ err: error }, 'articles not rendered again'));
    await firmPages.refresh().catch((error) => app.log.error({ err: error }, 'pages not rendered again'));
  });
  app.addHook('onClose', async () => stopRendering());
  registerSitemap(app, config.publicUrl, [() => firmPages.sitemapEntries(), () => insights.sitemapEntries()]);
  registerTheme(
    app,
    () => pages.firm,
    (id) => pages.typefaceFile(id),
    pages.styles,
  );
  registerSitePictures(app, firm);
  registerErrorHandling(app, pages, serverPages);
  refuseNullCharacters(app);
  refuseCrossSiteRequests(app, config.publicUrl, serverPages);
  closeUntilSetUp(app, firm);

  // 3. The features, then the built files.
  await app.register(featuresPlugin, {
    formTokens,
    pages,
    serverPages,
    insights,
    firmPages,
  });
  await app.register(publicFiles, {
    root: path.join(config.distDir, 'client'),
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Hashed file names change with their content, so a browser may keep them for a year.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  return app;
}

/**
 * The client build (scripts, styles, images, fonts) is public by nature: every file it serves says so.
 * Its hashed names change with each build, so the API document leaves them out.
 */
const publicFiles: FastifyPluginAsync<FastifyStaticOptions> = async (files, options) => {
  files.addHook('onRoute', (route) => {
    route.config = { ...route.config, ...publicRoute, builtFile: true };
  });
  await files.register(fastifyStatic, options);
};

import type { FastifyInstance } from 'fastify';
import { applicationMessages, applicationSchema } from '../../../shared/application.ts';
import { botCheckActions, botCheckMessages } from '../../../shared/bot-check.ts';
import type { BotCheck } from '../../captcha/index.ts';
import { publicRoute } from '../../http/access.ts';
import { failure, succeeded } from '../../http/errors.ts';
import { validationMessages } from '../../http/problems.ts';
import { perMinute } from '../../http/rate-limit.ts';
import type { ApplicationService } from './service.ts';

export interface ApplicationRoutesOptions {
  applications: ApplicationService;
  botCheck: BotCheck;
  rateLimitPerMinute: number;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
}

export function registerApplicationRoutes(app: FastifyInstance, options: ApplicationRoutesOptions) {
  const formLimit = { ...publicRoute, ...perMinute(options.rateLimitPerMinute) };

  app.post('/forms/application-form', { config: formLimit }, async (request, reply) => {
    const parsed = applicationSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(422).send(failure(...validationMessages(parsed.error)));
    const { submitMethod: _, recToken, ...answers } = parsed.data;
    const check = await options.botCheck.verify(recToken, botCheckActions.application, request.ip);
    if (!check.passed) {
      request.log.warn({ reason: check.reason, action: botCheckActions.application }, 'bot check failed');
      return reply.status(403).send(failure(botCheckMessages.failed));
    }
    // Stored (with the staff's notice queued) before the visitor is told it arrived.
    const { reference } = await options.applications.submit(answers);
    options.mailQueued();
    return reply
      .status(201)
      .send({ ...succeeded(applicationMessages.received), applicationReference: reference });
  });
}

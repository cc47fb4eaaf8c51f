import type { FastifyPluginAsync } from 'fastify';
import type { BotCheck } from '#server/captcha/index.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { scriptedFormRefusal } from '#server/http/scripted-form.ts';
import { serve } from '#server/http/serve.ts';
import type { ServerPages } from '#server/http/server-page.ts';
import { sourceOfRequest } from '#server/http/visit-source.ts';
import { sendApplication } from '#shared/api/applications.ts';
import { applicationMessages } from '#shared/application.ts';
import { botCheckActions, botCheckMessages } from '#shared/bot-check.ts';
import {
  askedOtherQuestions,
  askedWording,
  ownAnswersAsked,
  type Questionnaire,
  questionnaireMessages,
} from '#shared/questionnaire.ts';
import { ownAnswersSchema } from '#shared/questionnaire-schema.ts';
import type { ApplicationService } from './service.ts';

export interface ApplicationRoutesOptions {
  applications: ApplicationService;
  botCheck: BotCheck;
  rateLimitPerMinute: number;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
  pages: ServerPages;
  /** The firm's questionnaire of the moment: its own questions are checked against it. */
  questionnaire: () => Questionnaire;
}

/** The application questionnaire: checked, bot-checked, stored, then acknowledged with its reference. */
export const applicationsPlugin: FastifyPluginAsync<ApplicationRoutesOptions> = async (app, options) => {
  serve(
    app,
    sendApplication,
    async (request, reply) => {
      const { submitMethod: _, recToken, ownAnswers, landingPage, referrer, ...answers } = request.body;
      const questionnaire = options.questionnaire();
      if (ownAnswers && askedOtherQuestions(questionnaire.own, ownAnswers))
        return reply.status(422).send(failure(questionnaireMessages.changed));
      const checked = ownAnswersSchema(questionnaire.own).safeParse(ownAnswers ?? {});
      if (!checked.success)
        return reply.status(422).send(failure(...checked.error.issues.map((issue) => issue.message)));
      const check = await options.botCheck.verify(recToken, botCheckActions.application, request.ip);
      if (!check.passed) {
        request.log.warn({ reason: check.reason, action: botCheckActions.application }, 'bot check failed');
        return reply.status(403).send(failure(botCheckMessages.failed));
      }
      // Stored (with the staff's notice queued) before the visitor is told it arrived.
      const { reference } = await options.applications.submit(answers, {
        askedAs: askedWording(questionnaire),
        ownAnswers: ownAnswersAsked(questionnaire.own, checked.data),
        cameFrom: sourceOfRequest(request, { landingPage, referrer }),
      });
      options.mailQueued();
      return reply
        .status(201)
        .send({ ...succeeded(applicationMessages.received), applicationReference: reference });
    },
    {
      ...perMinute(options.rateLimitPerMinute),
      refusalPage: scriptedFormRefusal(options.pages, '/application'),
    },
  );
};

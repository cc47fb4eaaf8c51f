import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type BotCheckAction, botCheckActions, botCheckMessages } from '../../../shared/bot-check.ts';
import {
  type ContactEnquiry,
  contactSchema,
  enquiryMessages,
  enquiryPaths,
  type QuoteEnquiry,
  quoteSchema,
} from '../../../shared/enquiries.ts';
import { honeypotField } from '../../../shared/mailing-list.ts';
import type { BotCheck } from '../../captcha/index.ts';
import { publicRoute } from '../../http/access.ts';
import { failure, succeeded } from '../../http/errors.ts';
import { perMinute } from '../../http/rate-limit.ts';
import { validationMessages } from '../../http/validation.ts';
import { contactEnquiry, type Enquiry, quoteEnquiry } from './enquiry.ts';
import type { EnquiryService } from './service.ts';

export interface EnquiryRoutesOptions {
  enquiries: EnquiryService;
  botCheck: BotCheck;
  rateLimitPerMinute: number;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
}

interface EnquiryForm<T> {
  path: string;
  schema: z.ZodType<T>;
  action: BotCheckAction;
  toEnquiry: (form: T, ipAddress: string) => Enquiry;
}

const received = succeeded(enquiryMessages.received);

/** POST /contact-us-send and /show-contact-send (SPEC §7): checked, bot-checked, stored, then acknowledged. */
export function registerEnquiryRoutes(app: FastifyInstance, options: EnquiryRoutesOptions) {
  const formLimit = { ...publicRoute, ...perMinute(options.rateLimitPerMinute) };

  const register = <T extends ContactEnquiry | QuoteEnquiry>(form: EnquiryForm<T>) =>
    app.post(form.path, { config: formLimit }, async (request, reply) => {
      const parsed = form.schema.safeParse(request.body);
      if (!parsed.success) return reply.status(422).send(failure(...validationMessages(parsed.error)));
      // A bot that fills the hidden field is told what a person would be told, and nothing is kept.
      if (parsed.data[honeypotField]) return reply.status(201).send(received);
      const check = await options.botCheck.verify(parsed.data.recToken, form.action, request.ip);
      if (!check.passed) {
        request.log.warn({ reason: check.reason, action: form.action }, 'bot check failed');
        return reply.status(403).send(failure(botCheckMessages.failed));
      }
      await options.enquiries.submit(form.toEnquiry(parsed.data, request.ip));
      options.mailQueued();
      return reply.status(201).send(received);
    });

  register<ContactEnquiry>({
    path: enquiryPaths.contact,
    schema: contactSchema,
    action: botCheckActions.contact,
    toEnquiry: contactEnquiry,
  });
  register<QuoteEnquiry>({
    path: enquiryPaths.quote,
    schema: quoteSchema,
    action: botCheckActions.quote,
    toEnquiry: (form, ipAddress) => quoteEnquiry(form, ipAddress, app.deps.clock()),
  });
}

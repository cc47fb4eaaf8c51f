import type { FastifyInstance } from 'fastify';
import { recordAudit } from '#server/audit/log.ts';
import type { Db } from '#server/db/database.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { confirmSetupStep, sendTestEmail, setupChecklist, setupMessages } from '#shared/api/setup.ts';
import type { FirmDetails } from '#shared/firm-details.ts';
import { backOfficeHome } from '#shared/return-path.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { type ChecklistFacts, ownerConfirms, readChecklist } from './checklist.ts';
import { testEmail } from './test-email.ts';

export interface ChecklistRoutesOptions {
  db: Db;
  facts: ChecklistFacts;
  firm: () => SiteFirm;
  /** The firm's details as this instance serves them; undefined before they are first saved. */
  firmDetails: () => FirmDetails | undefined;
  publicUrl: URL;
  now: () => Date;
  mailQueued: () => void;
}

/** The owner's set-up checklist on the back office's overview: its steps, the test email, and ticking. */
export function registerChecklistRoutes(app: FastifyInstance, options: ChecklistRoutesOptions) {
  const { db, facts, now } = options;

  serve(app, setupChecklist, async () => ({
    steps: await readChecklist(db, facts, options.firmDetails()),
  }));

  serve(app, sendTestEmail, async (request) => {
    const to = request.staff.email;
    await db.transaction().execute(async (trx) => {
      const checklist = new URL(backOfficeHome, options.publicUrl);
      await enqueueMail(trx, 'setup-test-email', testEmail(options.firm(), to, checklist), now());
      await recordAudit(
        trx,
        { userId: request.staff.id, action: 'setup.test-email-sent', subject: to, detail: {} },
        now(),
      );
    });
    options.mailQueued();
    return succeeded(facts.mailServer ? setupMessages.testEmailSent(to) : setupMessages.testEmailKept(to));
  });

  serve(app, confirmSetupStep, async (request, reply) => {
    const { step } = request.params;
    if (!ownerConfirms(step, facts)) return reply.status(422).send(failure(setupMessages.checkedBySite));
    if (step === 'test-email') {
      if (!facts.mailServer) return reply.status(422).send(failure(setupMessages.noMailServer));
      const sent = await db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'setup.test-email-sent')
        .limit(1)
        .executeTakeFirst();
      if (!sent) return reply.status(422).send(failure(setupMessages.sendTestEmailFirst));
    }
    await recordAudit(
      db,
      { userId: request.staff.id, action: 'setup.step-confirmed', subject: step, detail: {} },
      now(),
    );
    return succeeded(setupMessages.stepDone);
  });
}

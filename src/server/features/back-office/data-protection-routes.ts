import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { recordAudit } from '#server/audit/log.ts';
import { forgetOverwrittenBytes } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { emailRefusal } from '#server/http/email-body.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import type { LeadRegistry } from '#server/leads/kind.ts';
import type { MailFiles } from '#server/mail/mail-files.ts';
import type { Clock } from '#server/time/clock.ts';
import {
  erasePersonalData as eraseRequest,
  exportPersonalData as exportRequest,
} from '#shared/api/back-office-data-protection.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { erasedAddress, erasePersonalData, exportPersonalData } from './data-protection.ts';

/**
 * Data-protection requests about one email address: export everything as JSON, or erase it. Both are
 * POSTs, so they need the back office's form token, and each goes in the audit log with who and when, in
 * the same transaction: no export is handed out and nothing is erased without its entry.
 * `secret` (SESSION_SECRET) keys the pseudonym an erased address leaves in the audit log.
 */
export function registerDataProtectionRoutes(
  app: FastifyInstance,
  {
    db,
    leadKinds,
    secret,
    mailFiles,
    now,
  }: { db: Kysely<Database>; leadKinds: LeadRegistry; secret: string; mailFiles: MailFiles; now: Clock },
) {
  serve(
    app,
    exportRequest,
    async (request, reply) => {
      // Addresses are matched in any case; the audit log names them in lower case.
      const email = request.body.email.toLowerCase();
      const data = await db.transaction().execute(async (trx) => {
        const at = now();
        const exported = await exportPersonalData(trx, leadKinds, email, at, mailFiles);
        await recordAudit(trx, { userId: request.staff.id, action: 'data.exported', subject: email }, at);
        return exported;
      });
      return reply
        .header('content-disposition', `attachment; filename="personal-data-${email}.json"`)
        .send(data);
    },
    emailRefusal,
  );

  serve(
    app,
    eraseRequest,
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      // Erasing your own address would close the account you are using.
      if (email === request.staff.email.toLowerCase()) {
        return reply.status(422).send(failure(backOfficeMessages.notYourselfErased));
      }
      const pseudonym = erasedAddress(secret, email);
      let files: string[] = [];
      const erased = await db.transaction().execute(async (trx) => {
        const at = now();
        files = await mailFiles.takeFilesOf(trx, [email]);
        const counts = {
          ...(await erasePersonalData(trx, leadKinds, email, pseudonym, at)),
          mailFiles: files.length,
        };
        await recordAudit(
          trx,
          { userId: request.staff.id, action: 'data.erased', subject: pseudonym, detail: counts },
          at,
        );
        return counts;
      });
      // The emails written to MAIL_DIR (no SMTP server) that name the address, once the erasure holds. One
      // that cannot be deleted now is old enough for the retention job within 30 days (mail-files.ts).
      await mailFiles.remove(files).catch((error: unknown) => {
        request.log.error({ err: error }, 'an erased address’s mail files were not all deleted');
      });
      // The erased bytes must not linger in SQLite's log (nor in a backup of its files) either; if another
      // process holds the log back now, the mail worker finishes this at a later poll.
      if (!(await forgetOverwrittenBytes(db))) {
        request.log.warn('erased data stays in the database log until another process ends its transaction');
      }
      return { ...succeeded(backOfficeMessages.erased), erased };
    },
    emailRefusal,
  );
}

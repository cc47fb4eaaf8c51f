import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { backOfficeApi, backOfficeMessages } from '../../../shared/back-office.ts';
import { recordAudit } from '../../audit/log.ts';
import type { Database } from '../../db/schema.ts';
import { failure, succeeded } from '../../http/errors.ts';
import { erasePersonalData, exportPersonalData } from './data-protection.ts';
import { readEmail } from './email-body.ts';

/**
 * Data-protection requests about one email address: export everything as JSON, or erase it. Both are
 * POSTs, so they need the back office's form token, and both go in the audit log with who and when.
 */
export function registerDataProtectionRoutes(app: FastifyInstance, db: Kysely<Database>) {
  // Addresses are matched in any case; the audit log names them in lower case.
  const readAddress = (body: unknown) => {
    const read = readEmail(body);
    return 'problem' in read ? read : { email: read.email.toLowerCase() };
  };

  app.post(`${backOfficeApi}/data-protection/export`, async (request, reply) => {
    const read = readAddress(request.body);
    if ('problem' in read) return reply.status(422).send(failure(read.problem));
    const data = await exportPersonalData(db, read.email);
    await recordAudit(db, { userId: request.staff.id, action: 'data.exported', subject: read.email });
    return reply
      .header('content-disposition', `attachment; filename="personal-data-${read.email}.json"`)
      .send(data);
  });

  app.post(`${backOfficeApi}/data-protection/erase`, async (request, reply) => {
    const read = readAddress(request.body);
    if ('problem' in read) return reply.status(422).send(failure(read.problem));
    const erased = await erasePersonalData(db, read.email);
    await recordAudit(db, {
      userId: request.staff.id,
      action: 'data.erased',
      subject: read.email,
      detail: erased,
    });
    return { ...succeeded(backOfficeMessages.erased), erased };
  });
}

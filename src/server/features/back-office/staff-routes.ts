import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { backOfficeApi, backOfficeMessages } from '../../../shared/back-office.ts';
import type { Database } from '../../db/schema.ts';
import { failure, succeeded } from '../../http/errors.ts';
import { listQueryProblem } from '../../leads/list.ts';
import type { AccountService } from '../accounts/index.ts';
import { auditListQuerySchema, listAudit } from './audit-list.ts';
import { readEmail } from './email-body.ts';

/** The firm's staff: who has an account, inviting someone, disabling someone; and the audit log. */
export function registerStaffRoutes(
  app: FastifyInstance,
  options: { db: Kysely<Database>; accounts: AccountService; mailQueued: () => void },
) {
  const { db, accounts } = options;

  app.get(`${backOfficeApi}/staff`, async () => {
    const users = await accounts.listUsers();
    return users.map((user) => ({
      email: user.email,
      status: user.status,
      passwordSet: user.password_changed_at !== null,
      createdAt: user.created_at,
    }));
  });

  app.post(`${backOfficeApi}/staff`, async (request, reply) => {
    const read = readEmail(request.body);
    if ('problem' in read) return reply.status(422).send(failure(read.problem));
    const outcome = await accounts.addUser(read.email, request.staff.id);
    if (outcome === 'exists') return reply.status(409).send(failure(backOfficeMessages.staffExists));
    options.mailQueued();
    return reply.status(201).send(succeeded(backOfficeMessages.invited));
  });

  app.post(`${backOfficeApi}/staff/disable`, async (request, reply) => {
    const body = readEmail(request.body);
    if ('problem' in body) return reply.status(422).send(failure(body.problem));
    if (body.email.toLowerCase() === request.staff.email.toLowerCase()) {
      return reply.status(422).send(failure(backOfficeMessages.notYourself));
    }
    if (!(await accounts.disableUser(body.email, request.staff.id))) {
      return reply.status(404).send(failure(backOfficeMessages.noSuchStaff));
    }
    return succeeded(backOfficeMessages.disabled);
  });

  /** A page of staff actions or (`kind=sign-in`) of sign-in events, newest first: `{ items, next }`. */
  app.get(`${backOfficeApi}/audit-log`, async (request, reply) => {
    const query = auditListQuerySchema.safeParse(request.query);
    if (!query.success) return reply.status(400).send(failure(listQueryProblem(query.error)));
    return listAudit(db, query.data);
  });
}

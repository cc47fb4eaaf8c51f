import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { disableStaff, inviteStaff, listStaff, readAuditLog } from '../../../shared/api/back-office-staff.ts';
import { backOfficeMessages } from '../../../shared/back-office.ts';
import type { Database } from '../../db/schema.ts';
import { failure, succeeded } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { decodeCursor } from '../../leads/list.ts';
import type { AccountService } from '../accounts/index.ts';
import { listAudit } from './audit-list.ts';
import { emailRefusal } from './email-body.ts';

/** A filter of the audit log it cannot read answers 400, naming the first such filter. */
const unreadableFilter = (name: string) => ({
  status: 400 as const,
  messages: [backOfficeMessages.filter(name)],
});

/** The firm's staff: who has an account, inviting someone, disabling someone; and the audit log. */
export function registerStaffRoutes(
  app: FastifyInstance,
  options: { db: Kysely<Database>; accounts: AccountService; mailQueued: () => void },
) {
  const { db, accounts } = options;

  serve(app, listStaff, async () => {
    const users = await accounts.listUsers();
    return users.map((user) => ({
      email: user.email,
      status: user.status,
      passwordSet: user.password_changed_at !== null,
      createdAt: user.created_at,
    }));
  });

  serve(
    app,
    inviteStaff,
    async (request, reply) => {
      const outcome = await accounts.addUser(request.body.email, request.staff.id);
      if (outcome === 'exists') return reply.status(409).send(failure(backOfficeMessages.staffExists));
      options.mailQueued();
      return reply.status(201).send(succeeded(backOfficeMessages.invited));
    },
    emailRefusal,
  );

  serve(
    app,
    disableStaff,
    async (request, reply) => {
      const { email } = request.body;
      if (email.toLowerCase() === request.staff.email.toLowerCase()) {
        return reply.status(422).send(failure(backOfficeMessages.notYourself));
      }
      if (!(await accounts.disableUser(email, request.staff.id))) {
        return reply.status(404).send(failure(backOfficeMessages.noSuchStaff));
      }
      return succeeded(backOfficeMessages.disabled);
    },
    emailRefusal,
  );

  /** A page of staff actions or (`kind=sign-in`) of sign-in events, newest first: `{ items, next }`. */
  serve(
    app,
    readAuditLog,
    async (request, reply) => {
      const { after } = request.query;
      // The cursor is ours, opaque to callers: only the server can tell whether it is one.
      if (after !== undefined && !decodeCursor(after)) {
        const refused = unreadableFilter('after');
        return reply.status(refused.status).send(failure(...refused.messages));
      }
      return listAudit(db, request.query);
    },
    { refusal: (problems) => unreadableFilter(String(problems[0]?.path[0] ?? 'list')) },
  );
}

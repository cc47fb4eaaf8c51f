import type { FastifyInstance } from 'fastify';
import { emailRefusal } from '#server/http/email-body.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import {
  allowAvailability,
  changeStaffRole,
  disableStaff,
  enableStaff,
  endOwnSession,
  inviteStaff,
  listOwnSessions,
  listStaff,
  renameYourself,
} from '#shared/api/back-office-staff.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import type { AccountService } from './service.ts';

/**
 * The back office's staff screen: who has an account, inviting, disabling and re-enabling someone, and
 * the signed-in user's own sessions.
 */
export function registerStaffRoutes(
  app: FastifyInstance,
  options: { accounts: AccountService; mailQueued: () => void },
) {
  const { accounts } = options;

  serve(app, listStaff, async () => {
    const users = await accounts.listUsers();
    return users.map((user) => ({
      email: user.email,
      name: user.name,
      status: user.status,
      role: user.role,
      passwordSet: user.password_changed_at !== null,
      managesAvailability: user.role === 'owner' || user.availability_granted_at !== null,
      createdAt: user.created_at,
    }));
  });

  serve(
    app,
    inviteStaff,
    async (request, reply) => {
      const { email, name, role } = request.body;
      const outcome = await accounts.addUser(email, request.staff.id, { name, role });
      if (outcome === 'exists') return reply.status(409).send(failure(backOfficeMessages.staffExists));
      if (outcome === 'name-taken') return reply.status(409).send(failure(backOfficeMessages.staffNameTaken));
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
      const outcome = await accounts.disableUser(email, request.staff.id);
      if (outcome === 'no-such-user') return reply.status(404).send(failure(backOfficeMessages.noSuchStaff));
      if (outcome === 'last-owner') return reply.status(409).send(failure(backOfficeMessages.lastOwner));
      return succeeded(backOfficeMessages.disabled);
    },
    emailRefusal,
  );

  serve(
    app,
    enableStaff,
    async (request, reply) => {
      const outcome = await accounts.enableUser(request.body.email, request.staff.id);
      if (outcome === 'no-such-user') return reply.status(404).send(failure(backOfficeMessages.noSuchStaff));
      if (outcome === 'not-disabled') return reply.status(409).send(failure(backOfficeMessages.notDisabled));
      return succeeded(backOfficeMessages.enabled);
    },
    emailRefusal,
  );

  serve(
    app,
    changeStaffRole,
    async (request, reply) => {
      const outcome = await accounts.changeRole(request.body.email, request.body.role, request.staff.id);
      if (outcome === 'no-such-user') return reply.status(404).send(failure(backOfficeMessages.noSuchStaff));
      if (outcome === 'unchanged') return reply.status(409).send(failure(backOfficeMessages.alreadyThatRole));
      if (outcome === 'last-owner') return reply.status(409).send(failure(backOfficeMessages.lastOwner));
      return succeeded(backOfficeMessages.roleChanged);
    },
    emailRefusal,
  );

  serve(
    app,
    allowAvailability,
    async (request, reply) => {
      const { email, allowed } = request.body;
      const outcome = await accounts.allowAvailability(email, allowed, request.staff.id);
      if (outcome === 'no-such-user') return reply.status(404).send(failure(backOfficeMessages.noSuchStaff));
      if (outcome === 'unchanged')
        return reply.status(409).send(failure(backOfficeMessages.alreadyThatChoice));
      if (outcome === 'owner')
        return reply.status(409).send(failure(backOfficeMessages.ownersManageAvailability));
      return succeeded(
        allowed ? backOfficeMessages.availabilityAllowed : backOfficeMessages.availabilityStopped,
      );
    },
    emailRefusal,
  );

  serve(app, renameYourself, async (request, reply) => {
    const outcome = await accounts.renameUser(request.staff.email, request.body.name, request.staff.id);
    if (outcome === 'name-taken') return reply.status(409).send(failure(backOfficeMessages.staffNameTaken));
    return succeeded(backOfficeMessages.renamed);
  });

  serve(app, listOwnSessions, async (request) => accounts.ownSessions(request.staff));

  serve(app, endOwnSession, async (request, reply) => {
    if (!(await accounts.endOwnSession(request.staff, request.body.session))) {
      return reply.status(404).send(failure(backOfficeMessages.noSuchSession));
    }
    return succeeded(backOfficeMessages.sessionEnded);
  });
}

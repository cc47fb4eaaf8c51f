import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import type { LeadRegistry } from '#server/leads/kind.ts';
import { mergePeople, undoMerge } from '#server/leads/merges.ts';
import { personDetail } from '#server/leads/person-detail.ts';
import {
  changeDetails,
  setOpportunityOwner,
  setPersonOwner as setOwner,
} from '#server/leads/person-events.ts';
import {
  deleteSavedReply as deleteReply,
  savedReplies,
  saveSavedReply as saveReply,
  sendReply as sendReplyTo,
} from '#server/leads/replies.ts';
import { searchBackOffice } from '#server/leads/search.ts';
import {
  addTask as addTaskFor,
  colleagues,
  markTask as markTaskDone,
  setTaskDigest as setDigest,
  tasksOf,
} from '#server/leads/tasks.ts';
import type { Clock } from '#server/time/clock.ts';
import {
  changePersonDetails,
  mergePerson,
  personDetail as personEntry,
  setOpportunityOwner as setOpportunityOwnerEntry,
  setOpportunityValue,
  undoPersonMerge,
} from '#shared/api/back-office-people.ts';
import {
  deleteSavedReply,
  listSavedReplies,
  saveSavedReply,
  sendReply,
} from '#shared/api/back-office-replies.ts';
import { searchBackOffice as searchEntry } from '#shared/api/back-office-search.ts';
import {
  addTask,
  listColleagues,
  markTask,
  myTasks,
  setPersonOwner,
  setTaskDigest,
} from '#shared/api/back-office-tasks.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import type { SiteFirm } from '#shared/site-firm.ts';

const idOf = (params: { id: string }) => Number(params.id);
const noSuchPerson = failure(backOfficeMessages.noSuchPerson);
const noColleague = failure(backOfficeMessages.colleague);

/**
 * A person's page and what staff do there: the value of their new business, who looks after them, their
 * tasks, a reply by email (from the owners' saved replies); and each member's own tasks and morning email.
 */
export function registerPeopleRoutes(
  app: FastifyInstance,
  {
    db,
    leadKinds,
    now,
    firm,
    mailQueued,
  }: {
    db: Kysely<Database>;
    leadKinds: LeadRegistry;
    now: Clock;
    firm: () => SiteFirm;
    mailQueued: () => void;
  },
) {
  serve(app, searchEntry, (request) => searchBackOffice(db, request.query.q), {
    refusal: () => ({ status: 422, messages: [backOfficeMessages.searchWords] }),
  });

  serve(app, personEntry, async (request, reply) => {
    const person = await personDetail(db, leadKinds, idOf(request.params), now());
    return person ?? reply.status(404).send(noSuchPerson);
  });

  serve(app, setOpportunityValue, async (request, reply) => {
    const updated = await db
      .updateTable('opportunities')
      .set({ value_pence: request.body.value })
      .where('id', '=', idOf(request.params))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      return reply.status(404).send(failure(backOfficeMessages.noSuchOpportunity));
    }
    return succeeded(backOfficeMessages.valueSaved);
  });

  serve(app, setPersonOwner, async (request, reply) => {
    const outcome = await setOwner(db, idOf(request.params), request.body.owner, request.staff.id, now());
    if (outcome === 'no-person') return reply.status(404).send(noSuchPerson);
    if (outcome === 'no-colleague') return reply.status(422).send(noColleague);
    return succeeded(backOfficeMessages.ownerSaved);
  });

  serve(app, setOpportunityOwnerEntry, async (request, reply) => {
    const { owner } = request.body;
    const outcome = await setOpportunityOwner(db, idOf(request.params), owner, request.staff.id, now());
    if (outcome === 'no-opportunity') {
      return reply.status(404).send(failure(backOfficeMessages.noSuchOpportunity));
    }
    if (outcome === 'no-colleague') return reply.status(422).send(noColleague);
    return succeeded(backOfficeMessages.opportunityOwnerSaved);
  });

  serve(app, changePersonDetails, async (request, reply) => {
    const outcome = await changeDetails(db, idOf(request.params), request.body, request.staff.id, now());
    if (outcome === 'no-person') return reply.status(404).send(noSuchPerson);
    return succeeded(
      outcome === 'saved' ? backOfficeMessages.detailsSaved : backOfficeMessages.detailsUnchanged,
    );
  });

  serve(app, mergePerson, async (request, reply) => {
    const merge = await mergePeople(db, idOf(request.params), request.body.other, request.staff.id, now());
    if (merge.outcome === 'no-person') return reply.status(404).send(noSuchPerson);
    if (merge.outcome === 'same') return reply.status(409).send(failure(backOfficeMessages.mergeSame));
    if (merge.outcome === 'already-merged') {
      return reply.status(409).send(failure(backOfficeMessages.mergeTaken));
    }
    return succeeded(backOfficeMessages.merged);
  });

  serve(app, undoPersonMerge, async (request, reply) => {
    const { id, merge } = request.params;
    const undone = await db
      .transaction()
      .execute((trx) => undoMerge(trx, Number(id), Number(merge), request.staff.id, now()));
    if (!undone) return reply.status(404).send(failure(backOfficeMessages.noSuchMerge));
    return succeeded(backOfficeMessages.unmerged);
  });

  serve(app, listColleagues, async (request) =>
    (await colleagues(db)).map((colleague) => ({ ...colleague, you: colleague.id === request.staff.id })),
  );

  serve(app, addTask, async (request, reply) => {
    const outcome = await addTaskFor(db, idOf(request.params), request.body, request.staff.id, now());
    if (outcome === 'no-person') return reply.status(404).send(noSuchPerson);
    if (outcome === 'no-colleague') return reply.status(422).send(noColleague);
    return reply.status(201).send(succeeded(backOfficeMessages.taskAdded));
  });

  serve(app, markTask, async (request, reply) => {
    const { done } = request.body;
    if (!(await markTaskDone(db, idOf(request.params), done, now()))) {
      return reply.status(404).send(failure(backOfficeMessages.noSuchTask));
    }
    return succeeded(done ? backOfficeMessages.taskDone : backOfficeMessages.taskReopened);
  });

  serve(app, myTasks, (request) => tasksOf(db, request.staff.id, now()));

  serve(app, sendReply, async (request, reply) => {
    if (!(await sendReplyTo(db, idOf(request.params), request.body, request.staff, firm(), now()))) {
      return reply.status(404).send(noSuchPerson);
    }
    mailQueued();
    return reply.status(201).send(succeeded(backOfficeMessages.replySent));
  });

  serve(app, listSavedReplies, () => savedReplies(db));

  serve(app, saveSavedReply, async (request, reply) => {
    if (!(await saveReply(db, request.body, request.staff.id, now()))) {
      return reply.status(404).send(failure(backOfficeMessages.noSuchSavedReply));
    }
    return succeeded(backOfficeMessages.savedReplySaved);
  });

  serve(app, deleteSavedReply, async (request, reply) => {
    if (!(await deleteReply(db, idOf(request.params)))) {
      return reply.status(404).send(failure(backOfficeMessages.noSuchSavedReply));
    }
    return succeeded(backOfficeMessages.savedReplyDeleted);
  });

  serve(app, setTaskDigest, async (request) => {
    await setDigest(db, request.staff.id, request.body.on, now());
    return succeeded(request.body.on ? backOfficeMessages.digestOn : backOfficeMessages.digestOff);
  });
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { loadSettings } from '#server/features/availability/index.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { notAFormMessage, type Problem, validationMessages } from '#server/http/problems.ts';
import { serve } from '#server/http/serve.ts';
import { adviserMessages } from '#shared/adviser-messages.ts';
import {
  addAdviser,
  blockAdviserDate,
  connectAdviserCalendar,
  disconnectAdviserCalendar,
  editAdviser,
  listAdvisers,
  readAdviserCalendarNow,
  setAdviserActive,
  setAdviserHours,
  unblockAdviserDate,
} from '#shared/api/back-office-advisers.ts';
import { availabilityProblem } from '#shared/availability-words.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { AdviserRefusal, type AdviserService } from './service.ts';

type Db = Kysely<Database>;

export interface AdviserRoutesOptions {
  db: Db;
  advisers: AdviserService;
  staleMinutes: number;
}

/** What each field needs, said whatever was wrong with it; the path's first name is the field. */
const fieldWords: Record<string, string> = {
  id: adviserMessages.noSuchAdviser,
  email: backOfficeMessages.email,
  displayName: adviserMessages.displayName,
  introduction: adviserMessages.introduction,
  active: adviserMessages.active,
  date: adviserMessages.blockedDate,
  reason: adviserMessages.blockedDate,
  kind: adviserMessages.calendarKind,
  url: adviserMessages.calendarUrl,
  username: adviserMessages.calendarUsername,
  password: adviserMessages.calendarPassword,
};

/**
 * Every refusal of a schema in our words, once each: a field's need, a setting's problem naming its day
 * and period as the firm's availability does, or that no form was sent at all.
 */
const inWords = {
  refusal: (problems: readonly Problem[]) => ({
    status: 422 as const,
    messages: [
      ...new Set(
        problems.map((problem) => {
          const [field] = problem.path;
          if (problem.path.length === 0 && problem.code === 'invalid_type') return notAFormMessage;
          if (problem.code === 'unrecognized_keys') return validationMessages({ issues: [problem] })[0] ?? '';
          if (problem.code === 'invalid_union') return adviserMessages.calendarKind;
          const words = typeof field === 'string' ? fieldWords[field] : undefined;
          return words ?? availabilityProblem(problem.path, problem.message);
        }),
      ),
    ],
  }),
};

/** Answers a refused change with its status and words; anything else is the app's error handler's. */
async function answering(reply: FastifyReply, change: () => Promise<string>, status: 200 | 201 = 200) {
  try {
    const message = await change();
    return reply.status(status).send(succeeded(message));
  } catch (error) {
    if (error instanceof AdviserRefusal) return reply.status(error.status).send(failure(error.message));
    throw error;
  }
}

/** The advisers screen's API (owners only: the access hook refuses anyone else before these run). */
export function registerAdviserRoutes(app: FastifyInstance, options: AdviserRoutesOptions) {
  const { advisers } = options;
  const idOf = (params: { id: string }) => Number(params.id);
  serve(app, listAdvisers, async () => {
    // The firm's settings, which an adviser without their own has.
    const firm = await loadSettings(options.db);
    return {
      advisers: await advisers.list(),
      staffWhoMayBeAdded: await advisers.staffWhoAreNotAdvisers(),
      firm: {
        workingHours: firm.workingHours,
        callMinutes: firm.callMinutes,
        bufferMinutes: firm.bufferMinutes,
      },
      staleMinutes: options.staleMinutes,
    };
  });

  serve(
    app,
    addAdviser,
    (request, reply) =>
      answering(
        reply,
        async () => {
          const { email, ...details } = request.body;
          await advisers.add(request.staff.id, email, details);
          return adviserMessages.added;
        },
        201,
      ),
    inWords,
  );

  serve(
    app,
    editAdviser,
    (request, reply) =>
      answering(reply, async () => {
        await advisers.edit(request.staff.id, idOf(request.params), request.body);
        return adviserMessages.saved;
      }),
    inWords,
  );

  serve(
    app,
    setAdviserHours,
    (request, reply) =>
      answering(reply, async () => {
        await advisers.setOverrides(request.staff.id, idOf(request.params), request.body);
        return adviserMessages.saved;
      }),
    inWords,
  );

  serve(
    app,
    setAdviserActive,
    (request, reply) =>
      answering(reply, async () => {
        await advisers.setActive(request.staff.id, idOf(request.params), request.body.active);
        return adviserMessages.saved;
      }),
    inWords,
  );

  serve(
    app,
    blockAdviserDate,
    (request, reply) =>
      answering(
        reply,
        async () => {
          const { date, reason } = request.body;
          await advisers.blockDate(request.staff.id, idOf(request.params), date, reason || null);
          return adviserMessages.saved;
        },
        201,
      ),
    inWords,
  );

  serve(
    app,
    unblockAdviserDate,
    (request, reply) =>
      answering(reply, async () => {
        await advisers.unblockDate(request.staff.id, idOf(request.params), request.params.date);
        return adviserMessages.saved;
      }),
    inWords,
  );

  serve(
    app,
    connectAdviserCalendar,
    (request, reply) =>
      answering(reply, async () => {
        await advisers.connect(request.staff.id, idOf(request.params), request.body);
        return adviserMessages.connected;
      }),
    inWords,
  );

  serve(
    app,
    disconnectAdviserCalendar,
    (request, reply) =>
      answering(reply, async () => {
        await advisers.disconnect(request.staff.id, idOf(request.params));
        return adviserMessages.disconnected;
      }),
    inWords,
  );

  serve(
    app,
    readAdviserCalendarNow,
    (request, reply) =>
      answering(reply, async () => {
        await advisers.readNow(idOf(request.params));
        return adviserMessages.readSoon;
      }),
    inWords,
  );
}

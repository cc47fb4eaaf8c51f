import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import type { Clock } from '#server/time/clock.ts';
import { readTerms, saveTerms, termsMessages } from '#shared/api/back-office-terms.ts';
import { plainTextOf } from '#shared/rich-text.ts';
import * as terms from './terms.ts';

/** The terms of business: read by staff, saved by an owner as a new version. */
export function registerTermsRoutes(app: FastifyInstance, db: Db, now: Clock) {
  serve(app, readTerms, async () => {
    const { version, body } = await terms.currentTerms(db);
    return { version, body };
  });
  serve(
    app,
    saveTerms,
    async (request, reply) => {
      const { basedOn, body } = request.body;
      if (plainTextOf(body).trim() === '') return reply.status(422).send(failure(termsMessages.empty));
      if (!(await terms.saveTerms(db, body, { basedOn, by: request.staff.id, now: now() }))) {
        return reply.status(409).send(failure(termsMessages.moved));
      }
      return succeeded(termsMessages.saved);
    },
    {
      // What the rich text's own rules say (a link, its length); anything else is not terms at all (the
      // screen sends them whole), said in words rather than the schema library's.
      refusal: (problems) => {
        const own = problems.filter((problem) => problem.code === 'custom').map((problem) => problem.message);
        return { status: 422, messages: own.length > 0 ? [...new Set(own)] : [termsMessages.unreadable] };
      },
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import { firmMessages, readFirmDetails, saveFirmDetails } from '#shared/api/back-office-firm.ts';
import type { LiveFirm } from './live-firm.ts';
import { loadFirm, saveFirm } from './repository.ts';

/**
 * The owner's Firm details screen: the details as saved, and a save that starts from the version read,
 * so the second of two owners editing at once is told rather than overwriting the first. A save renders
 * this instance's pages again before it answers; other instances follow within seconds.
 */
export function registerFirmRoutes(
  app: FastifyInstance,
  { db, firm, now }: { db: Db; firm: LiveFirm; now: () => Date },
) {
  serve(app, readFirmDetails, async () => {
    const stored = await loadFirm(db);
    return { details: stored?.details ?? null, version: stored?.version ?? null };
  });

  serve(
    app,
    saveFirmDetails,
    async (request, reply) => {
      const { details, basedOn } = request.body;
      const result = await saveFirm(db, details, { basedOn, by: request.staff.id, now: now() });
      if (!result.saved) return reply.status(409).send(failure(firmMessages.savedElsewhere));
      await firm.refresh();
      return succeeded(firmMessages.saved);
    },
    {
      // Each refusal already starts with its field's label; one refusal per problem, said once.
      refusal: (problems) => ({
        status: 422,
        messages: [...new Set(problems.map((problem) => problem.message))],
      }),
    },
  );
}

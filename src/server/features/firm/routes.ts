import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import {
  clearDemoContent,
  firmMessages,
  readFirmDetails,
  saveFirmDetails,
  saveQuestionnaire,
} from '#shared/api/back-office-firm.ts';
import { firmFieldLabels } from '#shared/firm-details.ts';
import { clearDemoLeftovers, type DemoPeople, demoLeftovers } from './demo-firm.ts';
import type { LiveFirm } from './live-firm.ts';
import { registerPictureUploads } from './picture-uploads.ts';
import { loadFirm, saveFirm } from './repository.ts';
import { siteFirmOf } from './site-firm-of.ts';

const labels = Object.values(firmFieldLabels);
const startsWithLabel = (message: string) => labels.some((label) => message.startsWith(`${label}: `));

/**
 * The owner's Firm details screen: the details as saved, and a save that starts from the version read,
 * so the second of two owners editing at once is told rather than overwriting the first. A save renders
 * this instance's pages again before it answers; other instances follow within seconds.
 */
export function registerFirmRoutes(
  app: FastifyInstance,
  { db, firm, now, demoPeople }: { db: Db; firm: LiveFirm; now: () => Date; demoPeople: DemoPeople },
) {
  registerPictureUploads(app, { db, firm, now });

  serve(app, readFirmDetails, async () => {
    const stored = await loadFirm(db);
    const shown = stored && siteFirmOf(stored.details, stored);
    return {
      details: stored?.details ?? null,
      version: stored?.version ?? null,
      logo: shown?.logo || null,
      logoShape: shown?.logoShape ?? 1,
      badges: shown?.badges ?? [],
      demoLeftovers: await demoLeftovers(stored, demoPeople),
      homePicture: shown?.hero
        ? { src: shown.hero.src, alt: shown.hero.alt, width: shown.hero.width, height: shown.hero.height }
        : null,
    };
  });

  serve(app, clearDemoContent, async (request) => {
    const stored = await loadFirm(db);
    if ((await demoLeftovers(stored, demoPeople)).length === 0 || !stored)
      return succeeded(firmMessages.nothingOfTheDemo);
    await clearDemoLeftovers(db, stored, demoPeople, { by: request.staff.id, now: now() });
    await firm.refresh();
    return succeeded(firmMessages.demoCleared);
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
      // A field's refusal starts with its label already. A save without the form or its version (a
      // broken page, a hand-made request) is told that once, rather than each field it therefore lacks.
      refusal: (problems) => {
        const whole = problems.some(
          (problem) => problem.path.length <= 1 && !startsWithLabel(problem.message),
        );
        const messages = problems.map((problem) =>
          startsWithLabel(problem.message) ? problem.message : firmMessages.incomplete,
        );
        return { status: 422, messages: whole ? [firmMessages.incomplete] : [...new Set(messages)] };
      },
    },
  );

  // The questionnaire is part of the firm's details, saved from the version read as they are.
  serve(app, saveQuestionnaire, async (request, reply) => {
    const { questionnaire, basedOn } = request.body;
    const stored = await loadFirm(db);
    if (!stored || stored.version !== basedOn)
      return reply.status(409).send(failure(firmMessages.savedElsewhere));
    const details = { ...stored.details, questionnaire };
    const result = await saveFirm(db, details, { basedOn, by: request.staff.id, now: now() });
    if (!result.saved) return reply.status(409).send(failure(firmMessages.savedElsewhere));
    await firm.refresh();
    return succeeded(firmMessages.questionnaireSaved);
  });
}

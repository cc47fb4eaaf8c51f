import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import {
  firmMessages,
  readFirmDetails,
  removeFirmLogo,
  saveFirmDetails,
  uploadFirmLogo,
} from '#shared/api/back-office-firm.ts';
import { firmFieldLabels } from '#shared/firm-details.ts';
import { logoMaxBytes, logoMessages } from '#shared/firm-logo.ts';
import type { LiveFirm } from './live-firm.ts';
import { checkLogo, LogoRefusal } from './logo.ts';
import { loadFirm, saveFirm, saveLogo } from './repository.ts';
import { logoAddress } from './site-firm-of.ts';

const labels = Object.values(firmFieldLabels);
/** A logo of logoMaxBytes as base64, and a little more: the check refuses a larger file in words. */
const logoBodyLimit = Math.ceil((logoMaxBytes * 4) / 3) + 64 * 1024;
const startsWithLabel = (message: string) => labels.some((label) => message.startsWith(`${label}: `));

/**
 * The owner's Firm details screen: the details as saved, and a save that starts from the version read,
 * so the second of two owners editing at once is told rather than overwriting the first. A save renders
 * this instance's pages again before it answers; other instances follow within seconds.
 */
export function registerFirmRoutes(
  app: FastifyInstance,
  { db, firm, now }: { db: Db; firm: LiveFirm; now: () => Date },
) {
  app.addHook('onRoute', (route) => {
    if (route.url === uploadFirmLogo.path && route.method === 'PUT') route.bodyLimit = logoBodyLimit;
  });
  serve(app, uploadFirmLogo, async (request, reply) => {
    let logo: Awaited<ReturnType<typeof checkLogo>>;
    try {
      logo = await checkLogo(Buffer.from(request.body.data, 'base64'), request.body.contentType);
    } catch (error) {
      if (!(error instanceof LogoRefusal)) throw error;
      return reply.status(error.status).send(failure(error.message));
    }
    if (!(await saveLogo(db, logo, { by: request.staff.id, now: now() })))
      return reply.status(409).send(failure(logoMessages.noDetails));
    await firm.refresh();
    return succeeded(logoMessages.saved);
  });
  serve(app, removeFirmLogo, async (request) => {
    await saveLogo(db, null, { by: request.staff.id, now: now() });
    await firm.refresh();
    return succeeded(logoMessages.removed);
  });

  serve(app, readFirmDetails, async () => {
    const stored = await loadFirm(db);
    return {
      details: stored?.details ?? null,
      version: stored?.version ?? null,
      logo: stored?.logo ? logoAddress(stored.logo) : null,
    };
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
}

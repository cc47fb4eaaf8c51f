import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import type { Clock } from '#server/time/clock.ts';
import { readPriceList, savePriceList } from '#shared/api/back-office-pricing.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { priceListMessages } from '#shared/price-list-messages.ts';
import * as store from './repository.ts';

/** The price list: read by staff building a proposal, saved by an owner as a new version. */
export function registerPricingRoutes(app: FastifyInstance, db: Db, now: Clock) {
  serve(app, readPriceList, () => store.currentPriceList(db));
  serve(
    app,
    savePriceList,
    async (request, reply) => {
      const { basedOn, priceList } = request.body;
      const saved = await store.savePriceList(db, priceList, { basedOn, by: request.staff.id, now: now() });
      if (saved === 'moved') return reply.status(409).send(failure(backOfficeMessages.priceListMoved));
      return succeeded(
        saved === 'unchanged' ? priceListMessages.unchanged(basedOn) : backOfficeMessages.priceListSaved,
      );
    },
    {
      // What the price list's own checks say, naming the service; anything else is no price list at all
      // (the screen sends a whole one), said in words rather than the schema library's.
      refusal: (problems) => {
        const own = problems.filter((problem) => problem.code === 'custom').map((problem) => problem.message);
        return {
          status: 422,
          messages: own.length > 0 ? [...new Set(own)] : [backOfficeMessages.priceListUnreadable],
        };
      },
    },
  );
}

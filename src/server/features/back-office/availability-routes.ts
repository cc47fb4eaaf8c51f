import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { firm } from '../../../../content/firm.ts';
import { backOfficeApi, backOfficeMessages } from '../../../shared/back-office.ts';
import { availabilitySettingsSchema } from '../../../shared/booking-settings.ts';
import { isTypedText } from '../../../shared/form-fields.ts';
import { recordAudit } from '../../audit/log.ts';
import type { Database } from '../../db/schema.ts';
import { failure, succeeded } from '../../http/errors.ts';
import { loadSettings } from '../booking/repository.ts';

const blockedDateBody = z
  .object({ date: z.iso.date(), reason: z.string().trim().max(200).refine(isTypedText).optional() })
  .strict();

/**
 * The calendar's availability: working hours, call length, buffer, notice, how far ahead, which days,
 * and blocked dates. The booking feature reads them on every request, so a change shows at once.
 */
export function registerAvailabilityRoutes(app: FastifyInstance, db: Kysely<Database>) {
  const blockedDates = () =>
    db
      .selectFrom('blocked_dates')
      .select(['date', 'reason'])
      .where('date', '>=', new Date().toLocaleDateString('en-CA', { timeZone: firm.timeZone }))
      .orderBy('date')
      .execute();

  app.get(`${backOfficeApi}/availability`, async () => ({
    settings: await loadSettings(db),
    blockedDates: await blockedDates(),
  }));

  app.put(`${backOfficeApi}/availability`, async (request, reply) => {
    const settings = availabilitySettingsSchema.safeParse(request.body);
    if (!settings.success) {
      return reply.status(422).send(
        failure(
          // A problem with no field of its own (periods that overlap) names its day in its message.
          ...settings.error.issues.map((issue) =>
            issue.path.length ? `${issue.path.join(' ')}: ${issue.message}` : issue.message,
          ),
        ),
      );
    }
    const now = new Date().toISOString();
    const saved = JSON.stringify(settings.data);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('booking_settings')
        .values({ id: 1, settings: saved, updated_at: now })
        .onConflict((oc) => oc.column('id').doUpdateSet({ settings: saved, updated_at: now }))
        .execute();
      await recordAudit(trx, {
        userId: request.staff.id,
        action: 'availability.changed',
        subject: 'availability',
        detail: settings.data,
      });
    });
    return succeeded(backOfficeMessages.settingsSaved);
  });

  app.post(`${backOfficeApi}/blocked-dates`, async (request, reply) => {
    const body = blockedDateBody.safeParse(request.body);
    if (!body.success) return reply.status(422).send(failure(backOfficeMessages.blockedDate));
    const { date } = body.data;
    const reason = body.data.reason || null;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('blocked_dates')
        .values({ date, reason, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('date').doUpdateSet({ reason }))
        .execute();
      await recordAudit(trx, {
        userId: request.staff.id,
        action: 'blocked-date.added',
        subject: date,
        detail: { reason },
      });
    });
    return reply.status(201).send({ blockedDates: await blockedDates() });
  });

  app.delete<{ Params: { date: string } }>(`${backOfficeApi}/blocked-dates/:date`, async (request) => {
    const { date } = request.params;
    await db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom('blocked_dates').where('date', '=', date).executeTakeFirst();
      // Removing a date that was not blocked changes nothing, so there is nothing to record.
      if (Number(removed.numDeletedRows) > 0) {
        await recordAudit(trx, { userId: request.staff.id, action: 'blocked-date.removed', subject: date });
      }
    });
    return { blockedDates: await blockedDates() };
  });
}

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { firm } from '../../../../content/firm.ts';
import { backOfficeApi, backOfficeMessages } from '../../../shared/back-office.ts';
import { type AvailabilitySettings, availabilitySettingsSchema } from '../../../shared/booking-settings.ts';
import { isTypedText } from '../../../shared/form-fields.ts';
import { recordAudit } from '../../audit/log.ts';
import type { Database } from '../../db/schema.ts';
import { failure, succeeded } from '../../http/errors.ts';
import type { Clock } from '../../time/clock.ts';

const blockedDateBody = z
  .object({ date: z.iso.date(), reason: z.string().trim().max(200).refine(isTypedText).optional() })
  .strict();

type Db = Kysely<Database>;

/**
 * The calendar's settings as the booking feature keeps them, which the back office edits. Each write takes
 * the transaction that also records who made it.
 */
export interface AvailabilityStore {
  loadSettings(db: Db): Promise<AvailabilitySettings>;
  saveSettings(db: Db, settings: AvailabilitySettings, now: Date): Promise<void>;
  blockedDatesFrom(db: Db, from: string): Promise<{ date: string; reason: string | null }[]>;
  blockDate(db: Db, date: string, reason: string | null, now: Date): Promise<void>;
  /** Answers whether the date was blocked. */
  unblockDate(db: Db, date: string): Promise<boolean>;
}

/**
 * The calendar's availability: working hours, call length, buffer, notice, how far ahead, which days,
 * and blocked dates. The booking feature reads them on every request, so a change shows at once.
 */
export function registerAvailabilityRoutes(
  app: FastifyInstance,
  db: Db,
  store: AvailabilityStore,
  now: Clock,
) {
  const blockedDates = () =>
    store.blockedDatesFrom(db, now().toLocaleDateString('en-CA', { timeZone: firm.timeZone }));

  app.get(`${backOfficeApi}/availability`, async () => ({
    settings: await store.loadSettings(db),
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
    await db.transaction().execute(async (trx) => {
      const at = now();
      await store.saveSettings(trx, settings.data, at);
      await recordAudit(
        trx,
        {
          userId: request.staff.id,
          action: 'availability.changed',
          subject: 'availability',
          detail: settings.data,
        },
        at,
      );
    });
    return succeeded(backOfficeMessages.settingsSaved);
  });

  app.post(`${backOfficeApi}/blocked-dates`, async (request, reply) => {
    const body = blockedDateBody.safeParse(request.body);
    if (!body.success) return reply.status(422).send(failure(backOfficeMessages.blockedDate));
    const { date } = body.data;
    const reason = body.data.reason || null;
    await db.transaction().execute(async (trx) => {
      const at = now();
      await store.blockDate(trx, date, reason, at);
      await recordAudit(
        trx,
        { userId: request.staff.id, action: 'blocked-date.added', subject: date, detail: { reason } },
        at,
      );
    });
    return reply.status(201).send({ blockedDates: await blockedDates() });
  });

  app.delete<{ Params: { date: string } }>(`${backOfficeApi}/blocked-dates/:date`, async (request) => {
    const { date } = request.params;
    await db.transaction().execute(async (trx) => {
      // Removing a date that was not blocked changes nothing, so there is nothing to record.
      if (await store.unblockDate(trx, date)) {
        await recordAudit(
          trx,
          { userId: request.staff.id, action: 'blocked-date.removed', subject: date },
          now(),
        );
      }
    });
    return { blockedDates: await blockedDates() };
  });
}

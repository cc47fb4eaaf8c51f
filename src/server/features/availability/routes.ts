import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { recordAudit } from '#server/audit/log.ts';
import type { Database } from '#server/db/schema.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { notAFormMessage } from '#server/http/problems.ts';
import { serve } from '#server/http/serve.ts';
import type { Clock } from '#server/time/clock.ts';
import { zonedTimeToUtc } from '#server/time/zoned-time.ts';
import {
  blockDate,
  readAvailability,
  saveAvailability,
  unblockDate,
  unblockTime,
} from '#shared/api/back-office-settings.ts';
import { availabilityProblem } from '#shared/availability-words.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { type CalendarDate, parseIsoDate } from '#shared/calendar.ts';
import { firmTimeZone } from '#shared/site-firm.ts';
import * as store from './repository.ts';

type Db = Kysely<Database>;

/** Every date from `first` to `last` (YYYY-MM-DD), both in; null when `last` is before `first` or over a year on. */
function datesFrom(first: string, last: string): string[] | null {
  const dates: string[] = [];
  for (let day = new Date(`${first}T12:00:00Z`); day.toISOString().slice(0, 10) <= last; ) {
    dates.push(day.toISOString().slice(0, 10));
    if (dates.length > 366) return null;
    day = new Date(day.getTime() + 86_400_000);
  }
  return dates.length === 0 ? null : dates;
}

/**
 * The back office's settings screen: working hours, call length, buffer, notice, how far ahead, which
 * days, and blocked dates. The booking feature reads them on every request, so a change shows at once.
 * Each write takes the transaction that also records who made it.
 */
export function registerAvailabilityRoutes(app: FastifyInstance, db: Db, now: Clock) {
  const today = () => now().toLocaleDateString('en-CA', { timeZone: firmTimeZone });
  const blockedDates = () => store.blockedDatesFrom(db, today());

  serve(app, readAvailability, async () => ({
    settings: await store.loadSettings(db),
    blockedDates: await blockedDates(),
  }));

  serve(
    app,
    saveAvailability,
    async (request) => {
      const settings = request.body;
      await db.transaction().execute(async (trx) => {
        const at = now();
        await store.saveSettings(trx, settings, at);
        // Advisers' calendars are read as far ahead as days are offered: with more days offered, the
        // days beyond each last read offer none of that adviser's times until it is read again, now.
        await trx.updateTable('adviser_calendars').set({ next_sync_at: at.toISOString() }).execute();
        await recordAudit(
          trx,
          {
            userId: request.staff.id,
            action: 'availability.changed',
            subject: 'availability',
            detail: settings,
          },
          at,
        );
      });
      return succeeded(backOfficeMessages.settingsSaved);
    },
    {
      // Every problem names its setting, day and period in words ("Wednesday, first period: use a time
      // like 09:00 for its start"); one with no field of its own (periods that overlap) names its day in
      // its message. No settings at all (no body, a list, a bare value) is not a form.
      refusal: (problems) => ({
        status: 422,
        messages: [
          ...new Set(
            problems.map((problem) =>
              problem.path.length === 0 && problem.code === 'invalid_type'
                ? notAFormMessage
                : availabilityProblem(problem.path, problem.message),
            ),
          ),
        ],
      }),
    },
  );

  serve(
    app,
    blockDate,
    async (request, reply) => {
      const { date, until = date, from, to } = request.body;
      const reason = request.body.reason || null;
      // A day already gone offers no calls anyway; blocking it could only be a slip of the date.
      if (date < today()) {
        return reply.status(422).send(failure(backOfficeMessages.blockedDatePast));
      }
      const dates = datesFrom(date, until);
      if (dates === null) return reply.status(422).send(failure(backOfficeMessages.blockedRange));
      const hours = from !== undefined && to !== undefined ? { from, to } : null;
      // A part of a day is blocked on the calendar's clocks, whose zone the free times are offered in.
      const timeZone = hours ? (await store.loadSettings(db)).timeZone : firmTimeZone;
      await db.transaction().execute(async (trx) => {
        const at = now();
        for (const day of dates) {
          if (hours) {
            const instant = (time: string) => onClocks(day, time, timeZone);
            const part = { date: day, ...hours, startsAt: instant(hours.from), endsAt: instant(hours.to) };
            await store.blockTime(trx, { ...part, reason }, at);
          } else {
            await store.blockDate(trx, day, reason, at);
          }
          await recordAudit(
            trx,
            {
              userId: request.staff.id,
              action: 'blocked-date.added',
              subject: day,
              detail: { reason, ...hours },
            },
            at,
          );
        }
      });
      return reply.status(201).send({ blockedDates: await blockedDates() });
    },
    {
      refusal: (problems) => ({
        status: 422,
        messages: [
          ...new Set(
            problems.map((problem) =>
              ['from', 'to'].includes(problem.path[0] as string)
                ? backOfficeMessages.blockedHours
                : backOfficeMessages.blockedDate,
            ),
          ),
        ],
      }),
    },
  );

  serve(app, unblockTime, async (request, reply) => {
    const opened = await db.transaction().execute(async (trx) => {
      const part = await store.unblockTime(trx, Number(request.params.id));
      if (part) {
        await recordAudit(
          trx,
          {
            userId: request.staff.id,
            action: 'blocked-date.removed',
            subject: part.date,
            detail: { from: part.from_time, to: part.to_time },
          },
          now(),
        );
      }
      return part;
    });
    if (!opened) return reply.status(404).send(failure(backOfficeMessages.noSuchBlockedTime));
    return { blockedDates: await blockedDates() };
  });

  serve(
    app,
    unblockDate,
    async (request) => {
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
    },
    { refusal: () => ({ status: 422, messages: [backOfficeMessages.blockedDate] }) },
  );
}

/** The instant a zone's clocks show `time` (HH:MM) on `day` (YYYY-MM-DD). */
function onClocks(day: string, time: string, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return zonedTimeToUtc(parseIsoDate(day) as CalendarDate, hour, minute, timeZone);
}

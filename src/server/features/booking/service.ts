import type { Kysely } from 'kysely';
import type { BookingLimits } from '#server/config.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { Database } from '#server/db/schema.ts';
import { recordLeadEvent } from '#server/leads/events.ts';
import type { MailMessage } from '#server/mail/message.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { zonedTimeToUtc } from '#server/time/zoned-time.ts';
import { hashToken, newReference, newToken } from '#server/tokens.ts';
import { cancelBookingPage } from '#shared/api/booking.ts';
import { type BookCallPayload, bookingMessages, slotValue, type TimeSlot } from '#shared/booking.ts';
import {
  type AvailabilitySettings,
  closedWeekdays,
  type PublicCalendarSettings,
} from '#shared/booking-settings.ts';
import {
  addDays,
  type CalendarDate,
  formatLongDate,
  formatTime,
  isValidDate,
  todayIn,
  toIsoDate,
} from '#shared/calendar.ts';
import { type AvailabilityContext, closedDatesBetween, slotsForDate } from './availability.ts';
import {
  type BookingForMail,
  type BookingMailSettings,
  cancellationEmail,
  confirmationEmail,
  meetingUrlToken,
  staffBookingNotice,
} from './emails.ts';
import { replaceInInvitation } from './ics.ts';
import type { MeetingProvider } from './meetings.ts';
import * as repository from './repository.ts';

type Db = Kysely<Database>;
type BookingRow = Awaited<ReturnType<typeof repository.findBooking>> & {};

export type BookResult =
  | { status: 'booked'; booking: BookingForMail; dateText: string; timeText: string }
  | { status: 'taken' }
  | { status: 'limited'; limit: 'upcoming-per-email' | 'per-network-per-day' }
  | { status: 'invalid'; messages: string[] };

/** Who is booking: the network address it came from, kept only as `sourceAddressHash` makes it. */
export interface Booker {
  ipAddress: string;
}

export interface BookingServiceOptions {
  db: Db;
  mail: BookingMailSettings;
  limits: BookingLimits;
  /** What a booking keeps of the address it came from (source-address.ts). */
  sourceAddressHash: (ipAddress: string) => string;
  now: () => Date;
}

const dayMs = 24 * 60 * 60_000;
/** How far ahead closed dates are listed when every day ahead is offered (maxDaysOffered 0). */
const closedDatesWithoutLimit = 366;

/** Thrown inside the booking transaction to leave it without writing anything. */
class LimitReached extends Error {
  readonly limit: 'upcoming-per-email' | 'per-network-per-day';
  constructor(limit: LimitReached['limit']) {
    super(limit);
    this.limit = limit;
  }
}

/** The application questionnaire a call was booked from: linked by id, its answers shown to the staff. */
export interface BookedFromApplication {
  id: number;
  details: string[];
}

const forMail = (row: BookingRow): BookingForMail => ({
  id: row.id,
  reference: row.reference,
  email: row.email,
  startsAt: new Date(row.starts_at),
  endsAt: new Date(row.ends_at),
  localDate: row.local_date,
  localTime: row.local_time,
  timeZone: row.time_zone,
});

export function createBookingService({ db, mail, limits, sourceAddressHash, now }: BookingServiceOptions) {
  /** What the availability engine needs to know about a day: blocked or not, and the calls around it. */
  async function dayContext(
    date: CalendarDate,
    settings: AvailabilitySettings,
  ): Promise<AvailabilityContext> {
    const margin = settings.bufferMinutes * 60_000;
    const dayStart = zonedTimeToUtc(date, 0, 0, settings.timeZone).getTime() - margin;
    const dayEnd = zonedTimeToUtc(addDays(date, 1), 0, 0, settings.timeZone).getTime() + margin;
    const [blockedDates, busy] = await Promise.all([
      repository.blockedDatesBetween(db, toIsoDate(date), toIsoDate(date)),
      repository.busyBetween(db, new Date(dayStart), new Date(dayEnd)),
    ]);
    return { now: now(), blockedDates, busy };
  }

  return {
    async publicSettings(): Promise<PublicCalendarSettings> {
      const s = await repository.loadSettings(db);
      const at = now();
      const today = todayIn(s.timeZone, at);
      const last = addDays(today, s.maxDaysOffered > 0 ? s.maxDaysOffered : closedDatesWithoutLimit);
      const blockedDates = await repository.blockedDatesBetween(db, toIsoDate(today), toIsoDate(last));
      return {
        pastDateAllowed: s.pastDateAllowed,
        maxDaysOffered: s.maxDaysOffered,
        ignoreDays: closedWeekdays(s),
        timeZone: s.timeZone,
        callMinutes: s.callMinutes,
        closedDates: closedDatesBetween(today, last, s, { now: at, blockedDates }),
      };
    },

    async timesForDate(date: CalendarDate): Promise<TimeSlot[]> {
      const settings = await repository.loadSettings(db);
      const slots = slotsForDate(date, settings, await dayContext(date, settings));
      return slots.map(({ startHour, startMinute }) => ({ startHour, startMinute }));
    },

    /**
     * Re-checks what the browser checked, then, in one transaction, counts the visitor's bookings against
     * the limits and lets the database decide who gets the slot.
     */
    async book(
      payload: BookCallPayload,
      booker: Booker,
      application: BookedFromApplication | null = null,
    ): Promise<BookResult> {
      const date = { year: payload.selectedYear, month: payload.selectedMonth, day: payload.selectedDay };
      const hhmm = slotValue({ startHour: payload.selectedHour, startMinute: payload.selectedMinute });
      const messages: string[] = [];
      if (!isValidDate(date))
        messages.push('selectedYear, selectedMonth and selectedDay do not make a real date');
      else if (toIsoDate(date) !== payload.selectedDate) {
        messages.push('selectedDate does not match selectedYear, selectedMonth and selectedDay');
      }
      if (payload.selectedValue !== hhmm)
        messages.push('selectedValue does not match selectedHour and selectedMinute');
      if (payload.selectedTimeString !== formatTime(payload.selectedHour, payload.selectedMinute)) {
        messages.push('selectedTimeString does not match selectedHour and selectedMinute');
      }
      if (messages.length) return { status: 'invalid', messages };

      const settings = await repository.loadSettings(db);
      const context = await dayContext(date, settings);
      // Offered at all (ignoring bookings) tells "not a slot" (422) from "just taken" (409).
      const offered = slotsForDate(date, settings, { ...context, busy: [] }).find(
        (s) => s.startHour === payload.selectedHour && s.startMinute === payload.selectedMinute,
      );
      if (!offered) return { status: 'invalid', messages: [bookingMessages.slotNotOffered] };
      const free = slotsForDate(date, settings, context).some(
        (s) => s.start.getTime() === offered.start.getTime(),
      );
      if (!free) return { status: 'taken' };

      const cancelToken = newToken();
      const networkHash = sourceAddressHash(booker.ipAddress);
      try {
        const booking = await db.transaction().execute(async (trx) => {
          // Counted where the booking is written, with both limits held, so racing posts cannot pass them.
          await repository.lockBookingLimits(trx, payload.emailAddress, networkHash);
          const at = now();
          const upcoming = await repository.countUpcomingForEmail(trx, payload.emailAddress, at);
          if (upcoming >= limits.maxUpcomingPerEmail) throw new LimitReached('upcoming-per-email');
          const today = await repository.countBookedFromNetworkSince(
            trx,
            networkHash,
            new Date(at.getTime() - dayMs),
          );
          if (today >= limits.maxPerAddressPerDay) throw new LimitReached('per-network-per-day');
          const row = await trx
            .insertInto('bookings')
            .values({
              reference: newReference(),
              email: payload.emailAddress,
              starts_at: offered.start.toISOString(),
              ends_at: offered.end.toISOString(),
              local_date: payload.selectedDate,
              local_time: hhmm,
              time_zone: settings.timeZone,
              status: 'confirmed',
              cancel_token_hash: hashToken(cancelToken),
              application_id: application?.id ?? null,
              source_address_hash: networkHash,
              created_at: at.toISOString(),
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          const booking = forMail(row);
          const cancelUrl = new URL(`${cancelBookingPage.path}?token=${cancelToken}`, mail.publicUrl).href;
          await enqueueMail(trx, 'booking-confirmation', confirmationEmail(booking, cancelUrl, mail, at), at);
          await enqueueMail(
            trx,
            'booking-staff-notice',
            staffBookingNotice(booking, mail, 'booked', application?.details),
            at,
          );
          return booking;
        });
        return {
          status: 'booked',
          booking,
          dateText: formatLongDate(date),
          timeText: payload.selectedTimeString,
        };
      } catch (error) {
        if (error instanceof LimitReached) return { status: 'limited', limit: error.limit };
        if (isUniqueViolation(error)) return { status: 'taken' };
        throw error;
      }
    },

    async findByCancelToken(token: string) {
      const row = await repository.findBookingByCancelToken(db, hashToken(token));
      return row ? { ...forMail(row), status: row.status } : undefined;
    },

    /** Cancels the booking behind a cancel link; a second click finds it already cancelled. */
    async cancelByToken(token: string): Promise<'cancelled' | 'already-cancelled' | 'unknown'> {
      const row = await repository.findBookingByCancelToken(db, hashToken(token));
      if (!row) return 'unknown';
      return cancel(row, null);
    },

    /**
     * Cancels a booking for the firm: the slot is free again at once, the visitor gets the cancellation
     * with its calendar CANCEL, and the lead's timeline says who did it.
     */
    async cancelByStaff(
      reference: string,
      userId: number,
    ): Promise<'cancelled' | 'already-cancelled' | 'unknown'> {
      const row = await repository.findBookingByReference(db, reference);
      if (!row) return 'unknown';
      return cancel(row, userId);
    },
  };

  /** `userId` is the member of staff who cancelled, or null for the visitor's own link. */
  function cancel(row: BookingRow, userId: number | null) {
    return db.transaction().execute(async (trx) => {
      const at = now();
      const result = await trx
        .updateTable('bookings')
        .set({ status: 'cancelled', cancelled_at: at.toISOString() })
        .where('id', '=', row.id)
        .where('status', '=', 'confirmed')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return 'already-cancelled' as const;
      const booking = forMail(row);
      await enqueueMail(trx, 'booking-cancellation', cancellationEmail(booking, mail, at), at);
      if (userId === null) {
        await enqueueMail(trx, 'booking-staff-notice', staffBookingNotice(booking, mail, 'cancelled'), at);
      }
      await recordLeadEvent(trx, {
        kind: 'booking',
        id: row.id,
        event: 'cancelled',
        detail: userId === null ? 'Cancelled by the visitor' : 'Cancelled by the firm',
        userId,
        at,
      });
      return 'cancelled' as const;
    });
  }
}

export type BookingService = ReturnType<typeof createBookingService>;

/**
 * Fills in a booking's video-call link just before its email is sent, creating the meeting first if
 * the call has none yet. A meeting service that fails throws, and the outbox tries again later.
 */
export function bookingMailPreparer(db: Db, meetings: MeetingProvider | undefined) {
  return async (message: MailMessage): Promise<MailMessage> => {
    if (message.meetingForBooking === undefined) return message;
    const row = await repository.findBooking(db, message.meetingForBooking);
    let url = row?.meeting_url ?? null;
    if (row && !url && meetings && row.status === 'confirmed') {
      const settings = await repository.loadSettings(db);
      const meeting = await meetings.create({
        topic: `Initial call: ${row.email}`,
        start: new Date(row.starts_at),
        minutes: settings.callMinutes,
        timeZone: row.time_zone,
      });
      await repository.recordMeeting(db, row.id, meeting);
      url = meeting.url;
    }
    const link = url ?? 'we will email you the link before the call';
    return {
      ...message,
      text: message.text.replaceAll(meetingUrlToken, link),
      html: message.html?.replaceAll(meetingUrlToken, link),
      calendar: message.calendar && {
        ...message.calendar,
        content: replaceInInvitation(message.calendar.content, meetingUrlToken, link),
      },
    };
  };
}

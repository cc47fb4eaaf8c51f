import type { Kysely } from 'kysely';
import type { BookingLimits } from '#server/config.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { Database } from '#server/db/schema.ts';
import { writeTransaction } from '#server/db/write-transaction.ts';
import { adviserForMail } from '#server/features/advisers/index.ts';
import { recordLeadEvent } from '#server/leads/events.ts';
import { withFreshReference } from '#server/leads/fresh-reference.ts';
import { leadOwner } from '#server/leads/opportunities.ts';
import { type LeadSource, noSource, recordLeadSource } from '#server/leads/sources.ts';
import type { BookingForMail, BookingMailSettings } from '#server/mail/booked-call.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { enqueueWithinCap, type RecipientCap } from '#server/mail/recipient-cap.ts';
import { zonedTimeToUtc } from '#server/time/zoned-time.ts';
import { hashToken, newToken } from '#server/tokens.ts';
import { type BookCallPayload, bookingMessages, slotValue, type TimeSlot } from '#shared/booking.ts';
import { closedWeekdays, type PublicCalendarSettings } from '#shared/booking-settings.ts';
import {
  addDays,
  type CalendarDate,
  daysInMonth,
  formatLongDate,
  formatTime,
  isValidDate,
  todayIn,
  toIsoDate,
  weekdayNames,
} from '#shared/calendar.ts';
import { type Candidate, fairestFreeCandidate, lockBookingDay } from './assignment.ts';
import { type BusyPeriod, closedDatesBetween } from './availability.ts';
import { createCallChanges } from './call-changes.ts';
import {
  type BusyWindowBasis,
  busyWindow,
  commonCallMinutes,
  daySlots,
  freeCheckers,
  utcDaysAround,
} from './day-slots.ts';
import { blockedDatesByDiary, busyByDiary, type Diary, loadDiaries } from './diaries.ts';
import { callLinks, cancellationEmail, confirmationEmail, staffBookingNotice } from './emails.ts';
import { type BookingRow, forMail } from './for-mail.ts';
import * as repository from './repository.ts';

type Db = Kysely<Database>;

export type BookResult =
  | { status: 'booked'; booking: BookingForMail; dateText: string; timeText: string }
  | { status: 'taken' }
  | { status: 'limited'; limit: 'upcoming-per-email' | 'per-network-per-day' }
  | { status: 'invalid'; messages: string[] };

/** Who is booking: the network address it came from, kept only as `sourceAddressHash` makes it. */
export interface Booker {
  ipAddress: string;
  /** Where the visitor came from (leads/sources.ts). */
  cameFrom?: LeadSource;
}

/** What the booking calendar asks of the advisers' own calendars (calendars/). */
export interface BookingCalendarHooks {
  /**
   * Re-reads one adviser's calendar for a window with a short timeout, just before a booking is
   * confirmed: their busy times then, or undefined if it has no calendar or could not be read in time.
   */
  recheck(adviserId: number, from: Date, to: Date): Promise<BusyPeriod[] | undefined>;
  /** Inside the booking's transaction: see that the call reaches the adviser's diary. */
  booked(trx: Db, booking: { id: number; adviserId: number }, at: Date): Promise<void>;
  /** Inside the cancellation's transaction: see that it leaves the adviser's diary. */
  cancelled(trx: Db, booking: { id: number; adviserId: number }, at: Date): Promise<void>;
  /** Inside the transaction that moved it: see that the adviser's diary shows its new time. */
  moved(trx: Db, booking: { id: number; adviserId: number }, at: Date): Promise<void>;
}

export interface BookingServiceOptions {
  db: Db;
  mail: BookingMailSettings;
  limits: BookingLimits;
  /** What a booking keeps of the address it came from (source-address.ts). */
  sourceAddressHash: (ipAddress: string) => string;
  /** How many confirmations one address may be sent a day (mail/recipient-cap.ts). */
  recipientCap: RecipientCap;
  /** Minutes after an adviser's calendar was last read when their times stop being offered. */
  calendarStaleMinutes: number;
  calendars?: BookingCalendarHooks;
  now: () => Date;
}

const dayMs = 24 * 60 * 60_000;
/** How far ahead closed dates are listed when every day ahead is offered (maxDaysOffered 0). */
const closedDatesWithoutLimit = 366;

/** What a call's own diary is read with when it is moved or given to another adviser (see slotsOn). */
export interface SlotsFor {
  ignoring?: number;
  noNotice?: boolean;
}

/** Thrown inside the booking transaction when every adviser free for the slot was taken meanwhile. */
class SlotTaken extends Error {}

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

export function createBookingService({
  db,
  mail,
  limits,
  sourceAddressHash,
  recipientCap,
  calendarStaleMinutes,
  calendars,
  now,
}: BookingServiceOptions) {
  /** The firm's settings and every diary, with those offering times now (their calendar read recently). */
  const readDiaries = (adviser?: number) => loadDiaries(db, now(), calendarStaleMinutes, adviser);
  /** What the last request's diaries needed to read around a date: see slotsOn. */
  let lastBusyWindow: BusyWindowBasis | undefined;

  /**
   * The slots of each diary offering times on a date (see daySlots), with the firm's settings. The
   * diaries, the date's blocked dates and what keeps everyone busy around it are read in one round of
   * queries. `ignoring`: a call being moved, which keeps no diary busy; `noNotice`: the minimum notice
   * left out (a call already booked, given to another adviser, was booked with notice).
   */
  async function slotsOn(date: CalendarDate, adviser?: number, { ignoring, noNotice }: SlotsFor = {}) {
    const iso = toIsoDate(date);
    // What keeps the diaries busy is read alongside them, so before the firm's zone and buffers are known:
    // around the date as the last request needed (they rarely change), or, at first, a day either side in
    // UTC, which holds the date's working day in any zone (UTC-12 to UTC+14) with any buffer allowed (up to
    // 240 minutes). Should the window fall short of what the diaries need, it is read again.
    const guess = lastBusyWindow ? busyWindow(date, lastBusyWindow) : utcDaysAround(date);
    const [diaries, blockedFor, guessedBusy] = await Promise.all([
      readDiaries(adviser),
      blockedDatesByDiary(db, iso, iso),
      busyByDiary(db, guess.from, guess.to, ignoring),
    ]);
    lastBusyWindow = {
      timeZone: diaries.firm.timeZone,
      marginMinutes: Math.max(0, ...diaries.offering.map((d) => d.settings.bufferMinutes)),
    };
    const needed = busyWindow(date, lastBusyWindow);
    const busyFor =
      guess.from <= needed.from && needed.to <= guess.to
        ? guessedBusy
        : await busyByDiary(db, needed.from, needed.to, ignoring);
    const offering = noNotice
      ? diaries.offering.map((diary) => ({
          ...diary,
          settings: { ...diary.settings, minimumNoticeHours: 0 },
        }))
      : diaries.offering;
    const slots = daySlots(date, offering, blockedFor, freeCheckers(offering, busyFor), now());
    return { firm: diaries.firm, slots };
  }

  /**
   * The candidates whose own calendar, read once more, still shows them free for the slot. One that cannot
   * be read in time keeps its place: its last sync was recent enough, or it would not be offering times.
   */
  async function stillFreeInTheirCalendars(candidates: Candidate[]) {
    if (!calendars) return candidates;
    const checked = await Promise.all(
      candidates.map(async (candidate) => {
        const { adviserId, settings } = candidate.diary;
        if (adviserId === null) return candidate;
        const buffer = settings.bufferMinutes * 60_000;
        const from = new Date(candidate.slot.start.getTime() - buffer);
        const to = new Date(candidate.slot.end.getTime() + buffer);
        const busy = await calendars.recheck(adviserId, from, to).catch(() => undefined);
        const clash = busy?.some((b) => b.start.getTime() < to.getTime() && from.getTime() < b.end.getTime());
        return clash ? undefined : candidate;
      }),
    );
    return checked.filter((c): c is Candidate => c !== undefined);
  }

  return {
    /** Calls moved to another time or given to another adviser (call-changes.ts). */
    changes: createCallChanges({ db, mail, calendars, now, slotsOn, stillFree: stillFreeInTheirCalendars }),

    /** The calendar's settings, for every adviser or for the one asked for. */
    async publicSettings(adviser?: number): Promise<PublicCalendarSettings> {
      const { firm, all, offering } = await readDiaries(adviser);
      const at = now();
      const today = todayIn(firm.timeZone, at);
      const last = addDays(today, firm.maxDaysOffered > 0 ? firm.maxDaysOffered : closedDatesWithoutLimit);
      const blockedFor = await blockedDatesByDiary(db, toIsoDate(today), toIsoDate(last));
      // A date is closed when no diary offering times opens it.
      const allDates: string[] = [];
      const unknownFrom = new Map<Diary, string>();
      for (let date = today; toIsoDate(date) <= toIsoDate(last); date = addDays(date, 1)) {
        allDates.push(toIsoDate(date));
        // A day starting after a diary's calendar was read up to is closed to it (see Diary.knownUntil).
        const starts = zonedTimeToUtc(date, 0, 0, firm.timeZone);
        for (const diary of offering) {
          if (diary.knownUntil && starts >= diary.knownUntil && !unknownFrom.has(diary)) {
            unknownFrom.set(diary, toIsoDate(date));
          }
        }
      }
      const closedIn = offering.map((diary) => {
        const closed = new Set(
          closedDatesBetween(today, last, diary.settings, { now: at, blockedDates: blockedFor(diary) }),
        );
        const from = unknownFrom.get(diary);
        return from === undefined ? closed : new Set([...closed, ...allDates.filter((date) => date >= from)]);
      });
      // With no diary offering times (every adviser inactive or stale), every date is closed.
      const closedDates = allDates.filter((date) => closedIn.every((closed) => closed.has(date)));
      // A weekday is never offered when no adviser works it.
      const settingsOfAll = all.length > 0 ? all.map((d) => d.settings) : [firm];
      const ignoreDays = weekdayNames.filter((day) =>
        settingsOfAll.every((settings) => closedWeekdays(settings).includes(day)),
      );
      return {
        pastDateAllowed: firm.pastDateAllowed,
        maxDaysOffered: firm.maxDaysOffered,
        ignoreDays,
        timeZone: firm.timeZone,
        callMinutes: commonCallMinutes(offering) ?? firm.callMinutes,
        closedDates,
      };
    },

    /**
     * The times at least one adviser is free on a date, earliest first, each once; `ignoring` a call being
     * moved, so that it does not stand in its own way.
     */
    async timesForDate(date: CalendarDate, adviser?: number, ignoring?: number): Promise<TimeSlot[]> {
      // Keyed by minute of the day, so each time is listed once however many advisers are free then; a
      // time one adviser is free at is not checked against the others' diaries.
      const times = new Map<number, TimeSlot>();
      for (const { knownSlots, isFree } of (await slotsOn(date, adviser, { ignoring })).slots) {
        for (const slot of knownSlots) {
          const minute = slot.startHour * 60 + slot.startMinute;
          if (!times.has(minute) && isFree(slot))
            times.set(minute, { startHour: slot.startHour, startMinute: slot.startMinute });
        }
      }
      return [...times.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot);
    },

    /**
     * The dates of a month (0-based) on which at least one adviser has a free time, as ISO dates, earliest
     * first: the same slots timesForDate offers, so a date listed here never answers "no times". The
     * diaries, the month's blocked dates and what keeps everyone busy in it are read in one round.
     */
    async datesWithTimes(
      year: number,
      month: number,
      adviser?: number,
      ignoring?: number,
    ): Promise<string[]> {
      const first = { year, month, day: 1 };
      const last = { year, month, day: daysInMonth(year, month) };
      // A day either side in UTC holds the month's working days in any zone with any buffer allowed.
      const from = utcDaysAround(first).from;
      const to = utcDaysAround(last).to;
      const [diaries, blockedFor, busyFor] = await Promise.all([
        readDiaries(adviser),
        blockedDatesByDiary(db, toIsoDate(first), toIsoDate(last)),
        busyByDiary(db, from, to, ignoring),
      ]);
      const at = now();
      const isFreeIn = freeCheckers(diaries.offering, busyFor);
      const dates: string[] = [];
      for (let date: CalendarDate = first; date.month === month; date = addDays(date, 1)) {
        const slots = daySlots(date, diaries.offering, blockedFor, isFreeIn, at);
        if (slots.some(({ knownSlots, isFree }) => knownSlots.some(isFree))) dates.push(toIsoDate(date));
      }
      return dates;
    },

    /**
     * Re-checks what the browser checked, finds the advisers free at the time and reads their calendars
     * once more, then, in one transaction, counts the visitor's bookings against the limits and gives the
     * call to the fairest adviser still free (the database refusing any clash).
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

      // A call asked of one adviser is theirs or no one's.
      const { firm, slots } = await slotsOn(date, payload.adviser);
      const chosen = (slot: { startHour: number; startMinute: number }) =>
        slot.startHour === payload.selectedHour && slot.startMinute === payload.selectedMinute;
      // Offered by anyone at all (ignoring what keeps them busy) tells "not a slot" (422) from "just
      // taken" (409).
      let offeredAtAll = false;
      let candidates: Candidate[] = [];
      for (const { diary, open, knownSlots, isFree } of slots) {
        const slot = open.find(chosen);
        if (!slot) continue;
        offeredAtAll = true;
        if (knownSlots.includes(slot) && isFree(slot)) candidates.push({ diary, slot });
      }
      if (!offeredAtAll) return { status: 'invalid', messages: [bookingMessages.slotNotOffered] };
      candidates = await stillFreeInTheirCalendars(candidates);
      if (candidates.length === 0) return { status: 'taken' };

      const cancelToken = newToken();
      const networkHash = sourceAddressHash(booker.ipAddress);
      try {
        const booking = await writeTransaction(db, async (trx) => {
          // Counted where the booking is written, with both limits held, so racing posts cannot pass them.
          await repository.lockBookingLimits(trx, payload.emailAddress, networkHash);
          await lockBookingDay(trx, payload.selectedDate);
          const at = now();
          const upcoming = await repository.countUpcomingForEmail(trx, payload.emailAddress, at);
          if (upcoming >= limits.maxUpcomingPerEmail) throw new LimitReached('upcoming-per-email');
          const today = await repository.countBookedFromNetworkSince(
            trx,
            networkHash,
            new Date(at.getTime() - dayMs),
          );
          if (today >= limits.maxPerAddressPerDay) throw new LimitReached('per-network-per-day');
          const taker = await fairestFreeCandidate(trx, candidates, at);
          if (!taker) throw new SlotTaken();
          const owner = await leadOwner(trx, { email: payload.emailAddress }, 'call', at);
          const row = await withFreshReference(mail.firm().referencePrefix, (reference) =>
            trx
              .insertInto('bookings')
              .values({
                reference,
                ...owner,
                email: payload.emailAddress,
                starts_at: taker.slot.start.toISOString(),
                ends_at: taker.slot.end.toISOString(),
                local_date: payload.selectedDate,
                local_time: hhmm,
                time_zone: firm.timeZone,
                status: 'confirmed',
                cancel_token_hash: hashToken(cancelToken),
                application_id: application?.id ?? null,
                source_address_hash: networkHash,
                adviser_id: taker.diary.adviserId,
                created_at: at.toISOString(),
              })
              .onConflict((conflict) => conflict.column('reference').doNothing())
              .returningAll()
              .executeTakeFirst(),
          );
          await recordLeadSource(
            trx,
            {
              lead_kind: 'booking',
              lead_id: row.id,
              opportunity_id: owner.opportunity_id,
              created_at: at.toISOString(),
            },
            booker.cameFrom ?? noSource,
          );
          const booking = forMail(row, taker.diary);
          // Past the address's cap for the day the call is booked and the staff told, without the email.
          await enqueueWithinCap(
            trx,
            recipientCap,
            {
              kind: 'booking-confirmation',
              message: confirmationEmail(
                mail.firm(),
                booking,
                callLinks(cancelToken, mail.publicUrl),
                mail,
                at,
              ),
            },
            at,
            {
              after: [
                {
                  kind: 'booking-staff-notice',
                  message: staffBookingNotice(mail.firm(), booking, mail, 'booked', application?.details),
                },
              ],
            },
          );
          if (row.adviser_id !== null)
            await calendars?.booked(trx, { id: row.id, adviserId: row.adviser_id }, at);
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
        if (error instanceof SlotTaken || isUniqueViolation(error)) return { status: 'taken' };
        throw error;
      }
    },

    async findByCancelToken(token: string) {
      const row = await repository.findBookingByCancelToken(db, hashToken(token));
      return row
        ? { ...forMail(row, { adviserName: null, adviserIntroduction: '' }), status: row.status }
        : undefined;
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
      const booking = forMail(row, await adviserForMail(trx, row.adviser_id));
      if (row.adviser_id !== null)
        await calendars?.cancelled(trx, { id: row.id, adviserId: row.adviser_id }, at);
      await enqueueMail(trx, 'booking-cancellation', cancellationEmail(mail.firm(), booking, mail, at), at);
      if (userId === null) {
        await enqueueMail(
          trx,
          'booking-staff-notice',
          staffBookingNotice(mail.firm(), booking, mail, 'cancelled'),
          at,
        );
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

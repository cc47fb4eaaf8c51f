import type { Kysely } from 'kysely';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { Database } from '#server/db/schema.ts';
import { writeTransaction } from '#server/db/write-transaction.ts';
import { adviserForMail } from '#server/features/advisers/index.ts';
import { recordLeadEvent } from '#server/leads/events.ts';
import { type BookingMailSettings, describeSlot } from '#server/mail/booked-call.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { hashToken, newToken } from '#server/tokens.ts';
import { type ChangingCall, callChangeMessages, type NewTime } from '#shared/api/booking-changes.ts';
import { bookingMessages, slotValue } from '#shared/booking.ts';
import { type CalendarDate, parseIsoDate } from '#shared/calendar.ts';
import { type Candidate, fairestFreeCandidate, lockBookingDay } from './assignment.ts';
import type { Slot } from './availability.ts';
import { type CallChange, callLinks, confirmationEmail, staffBookingNotice } from './emails.ts';
import { type BookingRow, forMail } from './for-mail.ts';
import * as repository from './repository.ts';
import type { BookingCalendarHooks, SlotsFor } from './service.ts';

// A booked call moved to another time (by the visitor from their email's link, or by staff) or given to
// another adviser (docs/behaviour/booking.md#changing-a-call). The call keeps its reference, lead, person
// and opportunity; its row takes the new time or adviser, a higher SEQUENCE and a new link token, and the
// visitor is sent the invitation again under the same UID, so their calendar moves it. Each change is
// decided as a booking is: the free times re-checked, then written in a transaction that holds the day,
// with the database refusing any clash; a second change of the same call finds it changed and stops.

type Db = Kysely<Database>;

export type ChangeOutcome =
  | { status: 'changed' }
  | { status: 'cancelled' | 'past' | 'taken' }
  | { status: 'invalid'; messages: string[] };

interface DiarySlots {
  diary: Candidate['diary'];
  open: Slot[];
  knownSlots: Slot[];
  isFree: (slot: Slot) => boolean;
}

export interface CallChangesOptions {
  db: Db;
  mail: BookingMailSettings;
  calendars?: BookingCalendarHooks;
  now: () => Date;
  /** The booking service's reading of a date's slots (service.ts). */
  slotsOn: (
    date: CalendarDate,
    adviser: number | undefined,
    options: SlotsFor,
  ) => Promise<{ slots: DiarySlots[] }>;
  /** The candidates whose own calendar, read once more, still shows them free (service.ts). */
  stillFree: (candidates: Candidate[]) => Promise<Candidate[]>;
}

/** Thrown inside a change's transaction to leave it without writing anything. */
class Refused extends Error {
  readonly status: 'taken';
  constructor() {
    super('taken');
    this.status = 'taken';
  }
}

/** Why a call cannot change any more, if it cannot: once cancelled, or once it has begun. */
function settled(row: BookingRow, at: Date): 'cancelled' | 'past' | undefined {
  if (row.status === 'cancelled') return 'cancelled';
  if (new Date(row.starts_at).getTime() <= at.getTime()) return 'past';
  return undefined;
}

/** "Tuesday 1 December 2026 at 9:30am GMT", as the emails say when a call is. */
const whenOf = (row: BookingRow) => {
  const { dateText, timeText, zone } = describeSlot(
    forMail(row, { adviserName: null, adviserIntroduction: '' }),
  );
  return `${dateText} at ${timeText} ${zone}`;
};

export function createCallChanges({ db, mail, calendars, now, slotsOn, stillFree }: CallChangesOptions) {
  /**
   * Writes the change into the call's row, if it is still as it was read (confirmed, to come, unchanged),
   * and answers the row as it now is; the link token is new, since the email sent carries it.
   */
  async function rewrite(
    trx: Db,
    row: BookingRow,
    token: string,
    values: Partial<
      Pick<BookingRow, 'starts_at' | 'ends_at' | 'local_date' | 'local_time' | 'adviser_id'>
    > & {
      meeting_url?: null;
      meeting_id?: null;
      calendar_event_url?: null;
    },
    at: Date,
  ) {
    const changed = await trx
      .updateTable('bookings')
      .set({ ...values, sequence: row.sequence + 1, cancel_token_hash: hashToken(token) })
      .where('id', '=', row.id)
      .where('status', '=', 'confirmed')
      .where('sequence', '=', row.sequence)
      .where('starts_at', '>', at.toISOString())
      .returningAll()
      .executeTakeFirst();
    if (!changed) throw new Refused();
    return changed;
  }

  /** Sends the visitor the call as it now is, with its updated invitation and new links. */
  async function tellVisitor(trx: Db, row: BookingRow, token: string, change: CallChange, at: Date) {
    const booking = forMail(row, await adviserForMail(trx, row.adviser_id));
    const message = confirmationEmail(
      mail.firm(),
      booking,
      callLinks(token, mail.publicUrl),
      mail,
      at,
      change,
    );
    await enqueueMail(trx, 'booking-change', message, at);
    return booking;
  }

  /** Runs a change's transaction, answering the database's refusal of a clash as the time being taken. */
  async function decided(work: () => Promise<void>): Promise<ChangeOutcome> {
    try {
      await work();
      return { status: 'changed' };
    } catch (error) {
      if (error instanceof Refused || isUniqueViolation(error)) return { status: 'taken' };
      throw error;
    }
  }

  return {
    /** A call by its reference, as the back office names it. */
    find(reference: string) {
      return repository.findBookingByReference(db, reference);
    },

    /** The call behind a "Change the time" link: its token is the cancel link's. */
    findByLinkToken(token: string) {
      return repository.findBookingByCancelToken(db, hashToken(token));
    },

    /** What the change page shows of a call before offering times. */
    async describe(row: BookingRow): Promise<ChangingCall> {
      const { adviserName } = await adviserForMail(db, row.adviser_id);
      return {
        state: settled(row, now()) ?? 'movable',
        when: whenOf(row),
        date: row.local_date,
        adviser: row.adviser_id,
        adviserName,
      };
    },

    /**
     * Moves a call to a time its own adviser (or, before advisers, the firm's diary) is free at by the
     * public calendar's rules, its own time not in the way. `userId`: the member of staff, or null for the
     * visitor, whose move the staff are told of.
     */
    async reschedule(row: BookingRow, to: NewTime, userId: number | null): Promise<ChangeOutcome> {
      const refusal = settled(row, now());
      if (refusal) return { status: refusal };
      const date = parseIsoDate(to.date);
      if (!date) return { status: 'invalid', messages: ['date must be a real date'] };
      if (to.date === row.local_date && to.time === row.local_time)
        return { status: 'invalid', messages: [callChangeMessages.sameTime] };
      const [hour, minute] = to.time.split(':').map(Number) as [number, number];
      const { slots } = await slotsOn(date, row.adviser_id ?? undefined, { ignoring: row.id });
      const own = slots.find(({ diary }) => diary.adviserId === row.adviser_id);
      const slot = own?.open.find(
        (s) => slotValue(s) === slotValue({ startHour: hour, startMinute: minute }),
      );
      if (!own || !slot) return { status: 'invalid', messages: [bookingMessages.slotNotOffered] };
      if (!own.knownSlots.includes(slot) || !own.isFree(slot)) return { status: 'taken' };
      const candidates = await stillFree([{ diary: own.diary, slot }]);
      if (candidates.length === 0) return { status: 'taken' };

      const token = newToken();
      return decided(() =>
        writeTransaction(db, async (trx) => {
          await lockBookingDay(trx, to.date);
          const at = now();
          const taker = await fairestFreeCandidate(trx, candidates, at, row.id);
          if (!taker) throw new Refused();
          const moved = await rewrite(
            trx,
            row,
            token,
            {
              starts_at: taker.slot.start.toISOString(),
              ends_at: taker.slot.end.toISOString(),
              local_date: to.date,
              local_time: to.time,
              // A meeting made for the old time (Zoom's, which has an id) is made again for the new one
              // when the next email goes; the firm's fixed room stays as it is.
              ...(row.meeting_id !== null && { meeting_url: null, meeting_id: null }),
            },
            at,
          );
          const from = whenOf(row);
          const booking = await tellVisitor(trx, moved, token, { kind: 'moved', from }, at);
          if (userId === null)
            await enqueueMail(
              trx,
              'booking-staff-notice',
              staffBookingNotice(mail.firm(), booking, mail, 'moved'),
              at,
            );
          if (moved.adviser_id !== null)
            await calendars?.moved(trx, { id: row.id, adviserId: moved.adviser_id }, at);
          await recordLeadEvent(trx, {
            kind: 'booking',
            id: row.id,
            event: 'rescheduled',
            detail: `Rescheduled from ${from} to ${whenOf(moved)}`,
            userId,
            at,
          });
        }),
      );
    },

    /** The other advisers free at the call's time: working then, not blocked, clear of calls and calendar. */
    async freeAdvisers(row: BookingRow) {
      if (settled(row, now())) return [];
      const date = parseIsoDate(row.local_date);
      if (!date) return [];
      const { slots } = await slotsOn(date, undefined, { ignoring: row.id, noNotice: true });
      return slots
        .filter(({ diary }) => diary.adviserId !== null && diary.adviserId !== row.adviser_id)
        .filter(({ open, knownSlots, isFree }) => {
          const slot = open.find((s) => slotValue(s) === row.local_time);
          return slot !== undefined && knownSlots.includes(slot) && isFree(slot);
        })
        .map(({ diary }) => ({ id: diary.adviserId as number, name: diary.adviserName ?? '' }));
    },

    /**
     * Gives a call to another adviser free at its time (the minimum notice left out: it was booked with
     * notice): the call leaves the one's diary and reaches the other's, and the visitor is told who now
     * takes it.
     */
    async reassign(row: BookingRow, adviserId: number, userId: number): Promise<ChangeOutcome> {
      const refusal = settled(row, now());
      if (refusal) return { status: refusal };
      if (adviserId === row.adviser_id)
        return { status: 'invalid', messages: [callChangeMessages.sameAdviser] };
      const date = parseIsoDate(row.local_date);
      const { slots } = date
        ? await slotsOn(date, adviserId, { ignoring: row.id, noNotice: true })
        : { slots: [] };
      const theirs = slots.find(({ diary }) => diary.adviserId === adviserId);
      const slot = theirs?.open.find((s) => slotValue(s) === row.local_time);
      const notFree: ChangeOutcome = { status: 'invalid', messages: [callChangeMessages.notFree] };
      if (!theirs || !slot || !theirs.knownSlots.includes(slot) || !theirs.isFree(slot)) return notFree;
      const candidates = await stillFree([{ diary: theirs.diary, slot }]);
      if (candidates.length === 0) return notFree;

      const token = newToken();
      return decided(() =>
        writeTransaction(db, async (trx) => {
          await lockBookingDay(trx, row.local_date);
          const at = now();
          const taker = await fairestFreeCandidate(trx, candidates, at, row.id);
          if (!taker) throw new Refused();
          const given = await rewrite(
            trx,
            row,
            token,
            { adviser_id: adviserId, ends_at: taker.slot.end.toISOString(), calendar_event_url: null },
            at,
          );
          const before = await adviserForMail(trx, row.adviser_id);
          const after = await adviserForMail(trx, adviserId);
          const change = {
            kind: 'reassigned',
            from: before.adviserName,
            to: after.adviserName ?? '',
          } as const;
          await tellVisitor(trx, given, token, change, at);
          if (row.adviser_id !== null)
            await calendars?.cancelled(trx, { id: row.id, adviserId: row.adviser_id }, at);
          await calendars?.booked(trx, { id: row.id, adviserId }, at);
          await recordLeadEvent(trx, {
            kind: 'booking',
            id: row.id,
            event: 'reassigned',
            detail: `Reassigned from ${before.adviserName ?? 'the firm'} to ${after.adviserName}`,
            userId,
            at,
          });
        }),
      );
    },
  };
}

export type CallChanges = ReturnType<typeof createCallChanges>;

import { type Kysely, type Selectable, sql } from 'kysely';
import { z } from 'zod';
import type { LeadStage } from '../../../shared/back-office.ts';
import type { BookingTable, Database } from '../../db/schema.ts';
import { type TimelineEntry, timeline } from './lead-events.ts';
import { keysetPage, leadListQuerySchema, type Page } from './lead-list.ts';

/** Upcoming calls run soonest first, past ones latest first; `order` is theirs, not the caller's. */
export const bookingListQuerySchema = leadListQuerySchema.omit({ order: true }).extend({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  status: z.enum(['confirmed', 'cancelled']).optional(),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

export interface BookingRow {
  reference: string;
  email: string;
  startsAt: string;
  /** The day and time in the firm's zone, as the visitor chose them: the agenda groups by `localDate`. */
  localDate: string;
  localTime: string;
  status: 'confirmed' | 'cancelled';
  stage: LeadStage;
  createdAt: string;
}

export interface BookingDetail extends BookingRow {
  endsAt: string;
  meetingUrl: string | null;
  cancelledAt: string | null;
  /** The questionnaire the call was booked from, if any. */
  application: { reference: string; name: string; businessName: string } | null;
  timeline: TimelineEntry[];
}

const bookingListShape = { timeColumn: 'starts_at', searchColumns: ['email'], exactColumn: 'reference' };

/** One page of the agenda, on the (starts_at, status) index. */
export async function listBookings(
  db: Kysely<Database>,
  query: BookingListQuery,
  limit?: number,
  now = new Date(),
): Promise<Page<BookingRow>> {
  const upcoming = query.when === 'upcoming';
  let select = db
    .selectFrom('bookings')
    .select([
      'id',
      'reference',
      'email',
      'starts_at',
      'local_date',
      'local_time',
      'status',
      'stage',
      'created_at',
    ])
    .where(sql<boolean>`starts_at ${sql.raw(upcoming ? '>=' : '<')} ${now.toISOString()}`);
  if (query.stage) select = select.where('stage', '=', query.stage);
  if (query.status) select = select.where('status', '=', query.status);
  const order = upcoming ? 'oldest' : 'newest';
  const page = await keysetPage(select, bookingListShape, { ...query, order }, limit);
  return { ...page, items: page.items.map(toRow) };
}

export async function bookingDetail(
  db: Kysely<Database>,
  row: Selectable<BookingTable>,
): Promise<BookingDetail> {
  const [application, events] = await Promise.all([
    row.application_id === null
      ? undefined
      : db
          .selectFrom('applications')
          .select(['reference', 'your_name', 'business_name'])
          .where('id', '=', row.application_id)
          .executeTakeFirst(),
    timeline(db, { kind: 'booking', id: row.id, email: row.email, createdAt: row.created_at }),
  ]);
  return {
    ...toRow(row),
    endsAt: row.ends_at,
    meetingUrl: row.meeting_url,
    cancelledAt: row.cancelled_at,
    application: application
      ? {
          reference: application.reference,
          name: application.your_name,
          businessName: application.business_name,
        }
      : null,
    timeline: events,
  };
}

function toRow(
  row: Pick<
    Selectable<BookingTable>,
    'reference' | 'email' | 'starts_at' | 'local_date' | 'local_time' | 'status' | 'stage' | 'created_at'
  >,
): BookingRow {
  return {
    reference: row.reference,
    email: row.email,
    startsAt: row.starts_at,
    localDate: row.local_date,
    localTime: row.local_time,
    status: row.status,
    stage: row.stage,
    createdAt: row.created_at,
  };
}

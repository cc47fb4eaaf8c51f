import type { Kysely, Selectable } from 'kysely';
import type { ApplicationAnswers } from '../../../shared/application.ts';
import type { LeadStage } from '../../../shared/back-office.ts';
import type { ApplicationTable, Database } from '../../db/schema.ts';
import { type TimelineEntry, timeline } from './lead-events.ts';
import { keysetPage, type LeadListQuery, type Page } from './lead-list.ts';

export interface ApplicationRow {
  reference: string;
  name: string;
  businessName: string;
  email: string;
  stage: LeadStage;
  createdAt: string;
}

export interface ApplicationDetail extends ApplicationRow {
  answers: ApplicationAnswers;
  /** The calls booked from this questionnaire. */
  bookings: { reference: string; startsAt: string; status: 'confirmed' | 'cancelled' }[];
  timeline: TimelineEntry[];
}

const applicationListShape = {
  timeColumn: 'created_at',
  searchColumns: ['email', 'your_name', 'business_name'],
  exactColumn: 'reference',
};

/** One page of applications, on the (stage, created_at) and (created_at) indexes. */
export async function listApplications(
  db: Kysely<Database>,
  query: LeadListQuery,
  limit?: number,
): Promise<Page<ApplicationRow>> {
  let select = db
    .selectFrom('applications')
    .select(['id', 'reference', 'your_name', 'business_name', 'email', 'stage', 'created_at']);
  if (query.stage) select = select.where('stage', '=', query.stage);
  const page = await keysetPage(select, applicationListShape, query, limit);
  return { ...page, items: page.items.map(toRow) };
}

export function findApplication(db: Kysely<Database>, reference: string) {
  return db.selectFrom('applications').selectAll().where('reference', '=', reference).executeTakeFirst();
}

export async function applicationDetail(
  db: Kysely<Database>,
  row: Selectable<ApplicationTable>,
): Promise<ApplicationDetail> {
  const [bookings, events] = await Promise.all([
    db
      .selectFrom('bookings')
      .select(['reference', 'starts_at', 'status'])
      .where('application_id', '=', row.id)
      .orderBy('starts_at')
      .execute(),
    timeline(db, { kind: 'application', id: row.id, email: row.email, createdAt: row.created_at }),
  ]);
  return {
    ...toRow(row),
    answers: JSON.parse(row.answers),
    bookings: bookings.map((b) => ({ reference: b.reference, startsAt: b.starts_at, status: b.status })),
    timeline: events,
  };
}

function toRow(
  row: Pick<
    Selectable<ApplicationTable>,
    'reference' | 'your_name' | 'business_name' | 'email' | 'stage' | 'created_at'
  >,
): ApplicationRow {
  return {
    reference: row.reference,
    name: row.your_name,
    businessName: row.business_name,
    email: row.email,
    stage: row.stage,
    createdAt: row.created_at,
  };
}

import type { Kysely, Selectable } from 'kysely';
import { holdsAddress } from '#server/db/address-matching.ts';
import type { ApplicationTable, Database } from '#server/db/schema.ts';
import { erasedMarker } from '#server/leads/erased.ts';
import { timeline } from '#server/leads/events.ts';
import type { LeadTally } from '#server/leads/kind.ts';
import { keysetPage } from '#server/leads/list.ts';
import type { ApplicationDetail, ApplicationRow } from '#shared/api/back-office-applications.ts';
import type { BookedCall } from '#shared/api/back-office-bookings.ts';
import type { LeadListQuery, Page } from '#shared/api/lead-lists.ts';
import type { LeadStage } from '#shared/back-office.ts';

// The back office's reads and writes of the applications table (the application questionnaire).

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

/** An application with every answer, as its list's CSV writes it. */
export interface ApplicationCsvRow extends ApplicationRow {
  answers: Record<string, unknown>;
}

/** A page of the same list with every answer, for its CSV (the list's own pages stay small). */
export async function applicationCsvRows(
  db: Kysely<Database>,
  query: LeadListQuery,
  limit: number,
): Promise<Page<ApplicationCsvRow>> {
  let select = db
    .selectFrom('applications')
    .select(['id', 'reference', 'your_name', 'business_name', 'email', 'answers', 'stage', 'created_at']);
  if (query.stage) select = select.where('stage', '=', query.stage);
  const page = await keysetPage(select, applicationListShape, query, limit);
  return {
    ...page,
    items: page.items.map((row) => ({ ...toRow(row), answers: JSON.parse(row.answers) })),
  };
}

export function findApplication(db: Kysely<Database>, reference: string) {
  return db.selectFrom('applications').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** How many applications there are, and the newest (an indexed count, no row loads). */
export async function countApplications(db: Kysely<Database>): Promise<LeadTally> {
  const counted = await db
    .selectFrom('applications')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('created_at').as('newest')])
    .executeTakeFirstOrThrow();
  return { total: Number(counted.total), newest: counted.newest };
}

/** Applications received after `since`. */
export async function countApplicationsSince(db: Kysely<Database>, since: string): Promise<number> {
  const counted = await db
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

/** What a booking's detail shows of the questionnaire it was booked from. */
export async function applicationSummary(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('applications')
    .select(['reference', 'your_name', 'business_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { reference: row.reference, name: row.your_name, businessName: row.business_name };
}

export async function applicationDetail(
  db: Kysely<Database>,
  row: Selectable<ApplicationTable>,
  bookedFrom: (db: Kysely<Database>, applicationId: number) => Promise<BookedCall[]>,
): Promise<ApplicationDetail> {
  const [bookings, events] = await Promise.all([
    bookedFrom(db, row.id),
    timeline(db, { kind: 'application', id: row.id, email: row.email, createdAt: row.created_at }),
  ]);
  return {
    ...toRow(row),
    answers: JSON.parse(row.answers),
    bookings,
    timeline: events,
    personId: row.person_id,
  };
}

export async function setApplicationStage(db: Kysely<Database>, id: number, stage: LeadStage) {
  await db.updateTable('applications').set({ stage }).where('id', '=', id).execute();
}

/** Every application from an address, with all its answers, for a subject access request. */
export async function exportApplications(db: Kysely<Database>, address: string) {
  const rows = await db
    .selectFrom('applications')
    .selectAll()
    .where(holdsAddress(address))
    .orderBy('id')
    .execute();
  return rows.map(({ answers, ...row }) => ({ ...row, answers: JSON.parse(answers) }));
}

/** What an erased application keeps in place of each personal field. */
const erasedApplicationFields = {
  email: erasedMarker,
  your_name: erasedMarker,
  business_name: erasedMarker,
  answers: '{}',
};

/** Blanks every personal field of the address's applications; they stay as counted records. Returns their ids. */
export async function eraseApplications(trx: Kysely<Database>, address: string): Promise<number[]> {
  const rows = await trx
    .updateTable('applications')
    .set(erasedApplicationFields)
    .where(holdsAddress(address))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Blanks the same fields of these applications (the retention job's), by id. */
export async function anonymiseApplications(trx: Kysely<Database>, ids: number[]) {
  if (ids.length > 0) {
    await trx.updateTable('applications').set(erasedApplicationFields).where('id', 'in', ids).execute();
  }
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

/** A person's applications, each summed up by the business applying. */
export async function applicationsOfPerson(db: Kysely<Database>, personId: number) {
  const rows = await db
    .selectFrom('applications')
    .select(['id', 'opportunity_id', 'reference', 'stage', 'created_at', 'business_name'])
    .where('person_id', '=', personId)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    opportunityId: row.opportunity_id,
    kind: 'application' as const,
    reference: row.reference,
    stage: row.stage,
    createdAt: row.created_at,
    summary: row.business_name,
  }));
}

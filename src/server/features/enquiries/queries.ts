import type { Kysely, Selectable } from 'kysely';
import { holdsAddress } from '#server/db/address-matching.ts';
import type { Database, EnquiryTable } from '#server/db/schema.ts';
import { erasedMarker } from '#server/leads/erased.ts';
import { timeline } from '#server/leads/events.ts';
import type { LeadTally } from '#server/leads/kind.ts';
import { keysetPage } from '#server/leads/list.ts';
import type { EnquiryDetail, EnquiryRow } from '#shared/api/back-office-enquiries.ts';
import type { LeadListQuery, Page } from '#shared/api/lead-lists.ts';
import type { LeadStage } from '#shared/back-office.ts';
import type { EnquiryDetailValues } from '#shared/enquiry-details.ts';
import { firstWords } from '#shared/first-words.ts';

// The back office's reads and writes of the enquiries table: contact enquiries and quote requests.

type Db = Kysely<Database>;

/** One page of contact enquiries or quote requests, on the (kind, stage, created_at) index. */
export async function listEnquiries(
  db: Db,
  kind: 'contact' | 'quote',
  query: LeadListQuery,
  limit?: number,
): Promise<Page<EnquiryRow>> {
  let select = db
    .selectFrom('enquiries')
    .select(['id', 'reference', 'kind', 'name', 'email', 'organisation', 'stage', 'created_at'])
    .where('kind', '=', kind);
  if (query.stage) select = select.where('stage', '=', query.stage);
  const page = await keysetPage(select, enquiryListShape, query, limit);
  return { ...page, items: page.items.map(toRow) };
}

/** An enquiry with every field the form sent, as its list's CSV writes it. */
export interface EnquiryCsvRow extends EnquiryRow {
  phone: string | null;
  postcode: string | null;
  message: string;
  details: EnquiryDetailValues;
}

/** A page of the same list with every field, for its CSV (the list's own pages stay small). */
export async function enquiryCsvRows(
  db: Db,
  kind: 'contact' | 'quote',
  query: LeadListQuery,
  limit: number,
): Promise<Page<EnquiryCsvRow>> {
  let select = db
    .selectFrom('enquiries')
    .select([
      'id',
      'reference',
      'kind',
      'name',
      'email',
      'organisation',
      'phone',
      'postcode',
      'message',
      'details',
      'stage',
      'created_at',
    ])
    .where('kind', '=', kind);
  if (query.stage) select = select.where('stage', '=', query.stage);
  const page = await keysetPage(select, enquiryListShape, query, limit);
  return {
    ...page,
    items: page.items.map((row) => ({
      ...toRow(row),
      phone: row.phone,
      postcode: row.postcode,
      message: row.message,
      details: JSON.parse(row.details),
    })),
  };
}

const enquiryListShape = {
  timeColumn: 'created_at',
  searchColumns: ['email', 'name'],
  exactColumn: 'reference',
};

/** How many enquiries of one kind there are, and the newest (an indexed count, no row loads). */
export async function countEnquiries(db: Db, kind: 'contact' | 'quote'): Promise<LeadTally> {
  const counted = await db
    .selectFrom('enquiries')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('created_at').as('newest')])
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return { total: Number(counted.total), newest: counted.newest };
}

/** Contact enquiries and quote requests received after `since`. */
export async function countEnquiriesSince(db: Db, since: string): Promise<number> {
  const counted = await db
    .selectFrom('enquiries')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

export async function findEnquiry(db: Db, reference: string) {
  return db.selectFrom('enquiries').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** Everything about an enquiry already read, with its timeline. */
export async function enquiryDetail(db: Db, row: Selectable<EnquiryTable>): Promise<EnquiryDetail> {
  return {
    ...toRow(row),
    phone: row.phone,
    postcode: row.postcode,
    message: row.message,
    details: JSON.parse(row.details),
    timeline: await timeline(db, {
      kind: 'enquiry',
      id: row.id,
      email: row.email,
      createdAt: row.created_at,
    }),
    personId: row.person_id,
  };
}

export async function setEnquiryStage(db: Db, id: number, stage: LeadStage) {
  await db.updateTable('enquiries').set({ stage }).where('id', '=', id).execute();
}

/** Every enquiry from an address, with all its fields, for a subject access request. */
export async function exportEnquiries(db: Db, address: string) {
  const rows = await db
    .selectFrom('enquiries')
    .selectAll()
    .where(holdsAddress(address))
    .orderBy('id')
    .execute();
  return rows.map(({ details, ...row }) => ({ ...row, details: JSON.parse(details) }));
}

/** What an erased enquiry keeps in place of each personal field. */
const erasedEnquiryFields = {
  name: erasedMarker,
  email: erasedMarker,
  organisation: erasedMarker,
  phone: null,
  postcode: null,
  message: erasedMarker,
  details: '{}',
  ip_address: null,
};

/** Blanks every personal field of the address's enquiries; they stay as counted records. Returns their ids. */
export async function eraseEnquiries(trx: Db, address: string): Promise<number[]> {
  const rows = await trx
    .updateTable('enquiries')
    .set(erasedEnquiryFields)
    .where(holdsAddress(address))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Blanks the same fields of these enquiries (the retention job's), by id. */
export async function anonymiseEnquiries(trx: Db, ids: number[]) {
  if (ids.length > 0)
    await trx.updateTable('enquiries').set(erasedEnquiryFields).where('id', 'in', ids).execute();
}

function toRow(
  row: Pick<
    Selectable<EnquiryTable>,
    'reference' | 'kind' | 'name' | 'email' | 'organisation' | 'stage' | 'created_at'
  >,
): EnquiryRow {
  return {
    reference: row.reference,
    kind: row.kind,
    name: row.name,
    email: row.email,
    organisation: row.organisation,
    stage: row.stage,
    createdAt: row.created_at,
  };
}

/** A person's contact enquiries and quote requests, each summed up by the first words of its message. */
export async function enquiriesOfPerson(db: Db, personId: number) {
  const rows = await db
    .selectFrom('enquiries')
    .select(['id', 'opportunity_id', 'reference', 'kind', 'stage', 'created_at', 'message'])
    .where('person_id', '=', personId)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    opportunityId: row.opportunity_id,
    kind: row.kind === 'quote' ? ('quote' as const) : ('enquiry' as const),
    reference: row.reference,
    stage: row.stage,
    createdAt: row.created_at,
    summary: firstWords(row.message),
  }));
}

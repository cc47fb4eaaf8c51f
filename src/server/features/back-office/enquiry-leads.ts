import type { Kysely, Selectable } from 'kysely';
import type { LeadStage } from '../../../shared/back-office.ts';
import type { Database, EnquiryTable } from '../../db/schema.ts';
import type { EnquiryDetails } from '../enquiries/enquiry.ts';
import { type TimelineEntry, timeline } from './lead-events.ts';
import { keysetPage, type LeadListQuery, type Page } from './lead-list.ts';

export interface EnquiryRow {
  reference: string;
  kind: 'contact' | 'quote';
  name: string;
  email: string;
  organisation: string;
  stage: LeadStage;
  createdAt: string;
}

export interface EnquiryDetail extends EnquiryRow {
  phone: string | null;
  postcode: string | null;
  message: string;
  /** The rest of the form, as submitted. */
  details: EnquiryDetails;
  timeline: TimelineEntry[];
}

/** One page of contact enquiries or quote requests, on the (kind, stage, created_at) index. */
export async function listEnquiries(
  db: Kysely<Database>,
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

const enquiryListShape = {
  timeColumn: 'created_at',
  searchColumns: ['email', 'name'],
  exactColumn: 'reference',
};

export async function findEnquiry(db: Kysely<Database>, reference: string) {
  return db.selectFrom('enquiries').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** Everything about an enquiry already read, with its timeline. */
export async function enquiryDetail(
  db: Kysely<Database>,
  row: Selectable<EnquiryTable>,
): Promise<EnquiryDetail> {
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
  };
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

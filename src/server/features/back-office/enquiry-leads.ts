import { type Kysely, type Selectable, sql } from 'kysely';
import type { LeadStage } from '../../../shared/back-office.ts';
import type { Database, EnquiryTable } from '../../db/schema.ts';
import type { EnquiryDetails } from '../enquiries/enquiry.ts';
import { type TimelineEntry, timeline } from './lead-events.ts';
import {
  dayRange,
  decodeCursor,
  encodeCursor,
  type ListQuery,
  likePrefix,
  rowsToFetch,
} from './lead-list.ts';

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

/**
 * One page of contact enquiries or quote requests. Every filter runs on the (kind, stage, created_at)
 * and (kind, created_at) indexes in date order, and the page stops after 26 rows, so a list of 100,000
 * costs what a list of 100 does; a text search reads rows in that order until it has filled the page.
 */
export async function listEnquiries(db: Kysely<Database>, kind: 'contact' | 'quote', query: ListQuery) {
  const newest = query.order === 'newest';
  const { since, before } = dayRange(query);
  const after = decodeCursor(query.after);
  let select = db
    .selectFrom('enquiries')
    .select(['id', 'reference', 'kind', 'name', 'email', 'organisation', 'stage', 'created_at'])
    .where('kind', '=', kind);
  if (query.stage) select = select.where('stage', '=', query.stage);
  if (since) select = select.where('created_at', '>=', since);
  if (before) select = select.where('created_at', '<', before);
  if (query.q) {
    const pattern = likePrefix(query.q);
    select = select.where((eb) =>
      eb.or([
        eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
        eb('reference', '=', query.q as string),
      ]),
    );
  }
  if (after) {
    select = select.where((eb) =>
      eb.or([
        eb('created_at', newest ? '<' : '>', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', newest ? '<' : '>', after.id)]),
      ]),
    );
  }
  const rows = await select
    .orderBy('created_at', newest ? 'desc' : 'asc')
    .orderBy('id', newest ? 'desc' : 'asc')
    .limit(rowsToFetch)
    .execute();
  const page = rows.slice(0, rowsToFetch - 1);
  const last = page.at(-1);
  return {
    items: page.map(toRow),
    next: rows.length === rowsToFetch && last ? encodeCursor(last.created_at, last.id) : null,
  };
}

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

import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { PersonLead } from '#shared/api/back-office-people.ts';
import type { EndpointSpec } from '#shared/api/endpoint.ts';
import type { LeadListEndpoints, Page } from '#shared/api/lead-lists.ts';
import type { StagedLeadEndpoints } from '#shared/api/staged-leads.ts';
import type { LeadKind, LeadStage } from '#shared/back-office.ts';
import type { Database } from '../db/schema.ts';
import type { CsvColumn } from './csv.ts';

// What the back office needs from each kind of lead. The feature that owns a lead's table describes it
// once (its lists, its detail, its share of a data-protection request); the back office goes over the
// registry of them (lead-registry.ts) and never names a table itself.

type Db = Kysely<Database>;

/** How many leads one list counts, and when the newest arrived. */
export interface LeadTally {
  total: number;
  newest: string | null;
  /** For leads that happen later (calls): when the soonest starts. */
  next?: string | null;
}

/** The filters a list's query string gives, as its schema reads them. */
type QueryOf<L extends LeadListEndpoints> = z.output<L['list']['query']> & { after?: string };
/** A row of a list, as its contract entry answers it. */
type RowOf<L extends LeadListEndpoints> = z.output<L['row']>;

/**
 * One list of leads, served from its contract entries: a page as JSON, and every matching row as CSV
 * (what does not fit the filters answers 400). The CSV reads its own rows, so it can carry every field
 * (a message, a phone number, each answer) without the JSON list's pages growing by them.
 */
export interface LeadList<L extends LeadListEndpoints, CsvRow = RowOf<L>> {
  endpoints: L;
  list(db: Db, query: QueryOf<L>, now: Date, limit?: number): Promise<Page<RowOf<L>>>;
  csv: {
    columns: CsvColumn<CsvRow>[];
    /** A page of the rows the same filters match, `limit` at a time. */
    rows(db: Db, query: QueryOf<L>, now: Date, limit: number): Promise<Page<CsvRow>>;
  };
  /** Its line on the back office's overview: a label, the list's screen (with filters), the count. */
  summary: {
    label: string;
    /** The list's screen in the back office, with any filters: "subscribers?status=confirmed". */
    path: string;
    count(db: Db, now: Date): Promise<LeadTally>;
    /** Where the line sits on the overview, from the top (upcoming calls lead, as the ones with a date). */
    place: number;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: each list knows its own query and row types
export type AnyLeadList = LeadList<any, any>;

/** A detail entry: it names the lead in its path, and answers it with 200. */
type DetailEndpoint = EndpointSpec & { params: z.ZodType; answers: { 200: z.ZodType } };

/** One lead opened on its own, from its contract entry (a subscriber, by email address). */
export interface LeadDetail<E extends DetailEndpoint, Found> {
  endpoint: E;
  find(db: Db, params: z.output<E['params']>): Promise<Found | undefined>;
  detail(db: Db, found: Found): Promise<z.output<E['answers'][200]>>;
}

// biome-ignore lint/suspicious/noExplicitAny: each kind knows its own detail type
export type AnyLeadDetail = LeadDetail<any, any>;

/**
 * A lead that moves through stages and takes staff notes, on the shared timeline (events.ts), served
 * from its contract entries.
 */
export interface StagedLeadDetail<
  E extends StagedLeadEndpoints,
  Found extends { id: number; stage: LeadStage; person_id: number | null; opportunity_id: number | null },
> {
  endpoints: E;
  find(db: Db, reference: string): Promise<Found | undefined>;
  detail(db: Db, found: Found): Promise<z.output<E['detail']['answers'][200]>>;
  /** Writes the stage into the lead's own table; the timeline entry goes in the same transaction. */
  setStage(db: Db, id: number, stage: LeadStage): Promise<void>;
  /** The person's leads of this kind (people.ts), each with its id and its opportunity's. */
  ofPerson(db: Db, personId: number): Promise<(PersonLead & { id: number; opportunityId: number | null })[]>;
}

// biome-ignore lint/suspicious/noExplicitAny: each kind knows its own row and detail types
export type AnyStagedLeadDetail = StagedLeadDetail<any, any>;

/** Declares a kind's staged lead, checking that what it answers fits its contract entries. */
export const stagedLeadDetail = <
  E extends StagedLeadEndpoints,
  Found extends { id: number; stage: LeadStage; person_id: number | null; opportunity_id: number | null },
>(
  lead: StagedLeadDetail<E, Found>,
): AnyStagedLeadDetail => lead;

/** The ids of the leads one person left, for the timeline's share of a data-protection request. */
export interface PersonalDataFound<Data> {
  data: Data;
  leads: { kind: LeadKind; ids: number[] } | null;
}

/** The kind's share of a data-protection request about one email address (matched in any case). */
export interface LeadPersonalData {
  /** The key its records have in the export, and in the counts an erasure answers. */
  exportKey: string;
  erasedKey: string;
  export(db: Db, address: string): Promise<PersonalDataFound<unknown>>;
  /** Pass the transaction that records the erasure. */
  erase(trx: Db, address: string, now: Date): Promise<PersonalDataFound<number>>;
}

/**
 * What the retention job needs of a staged kind (server/retention/expired-leads.ts): its table, the times
 * on it that count as activity besides its arrival, and how it is anonymised (as an erasure blanks it).
 */
export interface LeadRetention {
  /** Its name on the timeline (lead_events.lead_kind). */
  kind: LeadKind;
  table: 'enquiries' | 'applications' | 'bookings';
  /** Columns holding later activity than `created_at` (a call's end, its cancellation); null is none. */
  activityColumns: readonly string[];
  /** Blanks them as an erasure would, and takes what they left elsewhere (an adviser's diary) away too. */
  anonymise(trx: Db, ids: number[], now: Date): Promise<void>;
}

/** Everything the back office knows about one kind of lead. */
export interface LeadKindEntry {
  lists: AnyLeadList[];
  /** Leads with a stage and a timeline; a mailing-list subscriber has neither. */
  staged?: AnyStagedLeadDetail;
  /** A detail without stage or notes. */
  detail?: AnyLeadDetail;
  personalData: LeadPersonalData;
  /** How the retention job finds and anonymises its leads; a subscriber has a retention of its own. */
  retention?: LeadRetention;
  /**
   * How many of its leads arrived after `since` (an ISO time), for the navigation's count of leads new
   * since a member's last visit. A mailing-list sign-up is not counted: it asks nothing of the firm.
   */
  receivedSince?(db: Db, since: string): Promise<number>;
}

/** Every kind of lead, in the order a data-protection export lists them. */
export type LeadRegistry = readonly LeadKindEntry[];

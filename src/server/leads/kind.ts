import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { LeadKind, LeadStage } from '../../shared/back-office.ts';
import type { Database } from '../db/schema.ts';
import type { CsvColumn } from './csv.ts';
import type { Page } from './list.ts';

// What the back office needs from each kind of lead. The feature that owns a lead's table describes it
// once (its lists, its detail, its share of a data-protection request); the back office goes over the
// registry of them (lead-registry.ts) and never names a table itself.

type Db = Kysely<Database>;

/** How many leads one list counts, and when the newest arrived. */
export interface LeadTally {
  total: number;
  newest: string | null;
}

/** One list of leads: a page at /api/back-office/<path>, every matching row as CSV at <path>.csv. */
export interface LeadList<Query extends { after?: string }, Row> {
  path: string;
  /** The query string's filters; what does not fit answers 400. */
  query: z.ZodType<Query>;
  list(db: Db, query: Query, now: Date, limit?: number): Promise<Page<Row>>;
  csv: CsvColumn<Row>[];
  /** Its line on the back office's overview: a label, the list (with filters) it links to, the count. */
  summary: {
    label: string;
    path: string;
    count(db: Db, now: Date): Promise<LeadTally>;
    /** Where the line sits on the overview, from the top (upcoming calls lead, as the ones with a date). */
    place: number;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: each list knows its own query and row types
export type AnyLeadList = LeadList<any, any>;

/** One lead opened on its own, at /api/back-office/<path>/:<param>. */
export interface LeadDetail<Found, Detail> {
  path: string;
  /** What the path names a lead by: its reference, or a subscriber's email address. */
  param: 'reference' | 'email';
  find(db: Db, key: string): Promise<Found | undefined>;
  detail(db: Db, found: Found): Promise<Detail>;
}

/** A lead that moves through stages and takes staff notes, on the shared timeline (events.ts). */
export interface StagedLeadDetail<Found extends { id: number; stage: LeadStage }, Detail>
  extends LeadDetail<Found, Detail> {
  param: 'reference';
  kind: LeadKind;
  /** Writes the stage into the lead's own table; the timeline entry goes in the same transaction. */
  setStage(db: Db, id: number, stage: LeadStage): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: each kind knows its own row and detail types
export type AnyStagedLeadDetail = StagedLeadDetail<any, any>;

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

/** Everything the back office knows about one kind of lead. */
export interface LeadKindEntry {
  lists: AnyLeadList[];
  /** Leads with a stage and a timeline; a mailing-list subscriber has neither. */
  staged?: AnyStagedLeadDetail;
  /** A detail without stage or notes. */
  detail?: LeadDetail<unknown, unknown>;
  personalData: LeadPersonalData;
}

/** Every kind of lead, in the order a data-protection export lists them. */
export type LeadRegistry = readonly LeadKindEntry[];

import type { Db } from '#server/db/database.ts';
import { currentPriceList } from '#server/features/pricing/index.ts';
import { withFreshReference } from '#server/leads/fresh-reference.ts';
import { newReference } from '#server/tokens.ts';
import { draftOfDocument } from '#shared/proposal-staff.ts';
import {
  isOpenToClient,
  type ProposalDocument,
  type ProposalDraft,
  proposalDocument,
} from '#shared/proposals.ts';
import { recordProposalEvent } from './events.ts';

// Drafts: made for a person (from one of their quote requests, or not), saved again, copied into a new
// version of a sent proposal, deleted. Each is priced from today's price list when saved, by the one
// calculation (shared/proposals.ts), and keeps the version it was priced from.

export type Problems = { problems: string[] };

/** The document a draft makes against today's price list, with that list's version; or what is wrong. */
export async function pricedToday(
  db: Db,
  draft: ProposalDraft,
): Promise<{ document: ProposalDocument; version: number | null } | Problems> {
  const { version, priceList } = await currentPriceList(db);
  const made = proposalDocument(priceList, draft);
  return 'problems' in made ? made : { document: made.document, version };
}

/**
 * A new draft to a person, priced today. From a quote request (by its reference), it keeps the request
 * and its piece of new business; else the person's newest piece still open, if any.
 */
export async function createDraft(
  db: Db,
  personId: number,
  draft: ProposalDraft,
  { quoteRequest, prefix, by, now }: { quoteRequest?: string; prefix: string; by: number; now: Date },
): Promise<{ id: number; reference: string } | Problems | 'no-person' | 'not-their-quote'> {
  const priced = await pricedToday(db, draft);
  if ('problems' in priced) return priced;
  return db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom('people')
      .select('id')
      .where('id', '=', personId)
      .where('merged_into', 'is', null)
      .executeTakeFirst();
    if (!person) return 'no-person';
    let enquiryId: number | null = null;
    let opportunityId: number | null = null;
    if (quoteRequest !== undefined) {
      const quote = await trx
        .selectFrom('enquiries')
        .select(['id', 'opportunity_id'])
        .where('reference', '=', quoteRequest)
        .where('kind', '=', 'quote')
        .where('person_id', '=', personId)
        .executeTakeFirst();
      if (!quote) return 'not-their-quote';
      enquiryId = quote.id;
      opportunityId = quote.opportunity_id;
    } else {
      const open = await trx
        .selectFrom('opportunities')
        .select('id')
        .where('person_id', '=', personId)
        .where('stage', 'not in', ['won', 'lost'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      opportunityId = open?.id ?? null;
    }
    const made = await insertDraft(trx, {
      prefix,
      personId,
      opportunityId,
      enquiryId,
      replacesId: null,
      priced,
      by,
      now,
    });
    return made;
  });
}

/** A proposal's reference, told apart from a lead's by its P: `FH-PK3-Q9P`. */
const proposalReference = (prefix: string) => `${prefix}-P${newReference(prefix).slice(-6)}`;

async function insertDraft(
  trx: Db,
  row: {
    prefix: string;
    personId: number;
    opportunityId: number | null;
    enquiryId: number | null;
    replacesId: number | null;
    priced: { document: ProposalDocument; version: number | null };
    by: number;
    now: Date;
  },
) {
  const at = row.now.toISOString();
  const made = await withFreshReference(
    row.prefix,
    (reference) =>
      trx
        .insertInto('proposals')
        .values({
          reference,
          person_id: row.personId,
          opportunity_id: row.opportunityId,
          enquiry_id: row.enquiryId,
          replaces_id: row.replacesId,
          price_list_id: row.priced.version,
          document: JSON.stringify(row.priced.document),
          created_by: row.by,
          created_at: at,
          updated_at: at,
        })
        .onConflict((conflict) => conflict.column('reference').doNothing())
        .returning(['id', 'reference'])
        .executeTakeFirst(),
    () => proposalReference(row.prefix),
  );
  await recordProposalEvent(trx, {
    personId: row.personId,
    proposalId: made.id,
    reference: made.reference,
    status: 'draft',
    userId: row.by,
    at: row.now,
  });
  return made;
}

/** Saves a draft again as staff changed it, priced today; a sent proposal is never changed. */
export async function saveDraft(
  db: Db,
  id: number,
  draft: ProposalDraft,
  now: Date,
): Promise<'saved' | 'not-found' | 'not-draft' | Problems> {
  const priced = await pricedToday(db, draft);
  if ('problems' in priced) return priced;
  const changed = await db
    .updateTable('proposals')
    .set({
      document: JSON.stringify(priced.document),
      price_list_id: priced.version,
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 1) return 'saved';
  return (await exists(db, id)) ? 'not-draft' : 'not-found';
}

/** Deletes a draft, and its line on the timeline with it: nothing was sent. */
export async function deleteDraft(db: Db, id: number): Promise<'deleted' | 'not-found' | 'not-draft'> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('proposals')
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .returning('person_id')
      .executeTakeFirst();
    if (!gone) return (await exists(trx, id)) ? 'not-draft' : 'not-found';
    return 'deleted';
  });
}

/**
 * A new draft copying a sent proposal, re-priced from today's price list (a fee staff changed keeps its
 * figure and reason), that replaces it: sending it withdraws the one it replaces.
 */
export async function newVersion(
  db: Db,
  id: number,
  { prefix, by, now }: { prefix: string; by: number; now: Date },
): Promise<{ id: number; reference: string } | Problems | 'not-found' | 'no-new-version'> {
  const old = await db
    .selectFrom('proposals')
    .select(['id', 'status', 'person_id', 'opportunity_id', 'enquiry_id', 'document'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!old) return 'not-found';
  if (!(isOpenToClient(old.status) || old.status === 'declined' || old.status === 'expired')) {
    return 'no-new-version';
  }
  const priced = await pricedToday(db, draftOfDocument(JSON.parse(old.document) as ProposalDocument));
  if ('problems' in priced) return priced;
  return db.transaction().execute((trx) =>
    insertDraft(trx, {
      prefix,
      personId: old.person_id,
      opportunityId: old.opportunity_id,
      enquiryId: old.enquiry_id,
      replacesId: old.id,
      priced,
      by,
      now,
    }),
  );
}

async function exists(db: Db, id: number) {
  return (
    (await db.selectFrom('proposals').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

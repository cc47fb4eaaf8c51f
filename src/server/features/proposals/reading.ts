import type { Db } from '#server/db/database.ts';
import { currentPriceList } from '#server/features/pricing/index.ts';
import type { ProposalDetail, ProposalSummary } from '#shared/api/back-office-proposals.ts';
import { type ProposalDocument, proposalTotals } from '#shared/proposals.ts';

// Proposals as the back office reads them: a person's list, one in its builder, and its kept letter.

/** The person's proposals, newest first; undefined when there is no such person. */
export async function proposalsOf(db: Db, personId: number): Promise<ProposalSummary[] | undefined> {
  const person = await db.selectFrom('people').select('id').where('id', '=', personId).executeTakeFirst();
  if (!person) return undefined;
  const rows = await db
    .selectFrom('proposals')
    .leftJoin('proposals as replaced', 'replaced.id', 'proposals.replaces_id')
    .leftJoin('proposal_acceptances', 'proposal_acceptances.proposal_id', 'proposals.id')
    .select([
      'proposals.id',
      'proposals.reference',
      'proposals.status',
      'proposals.document',
      'proposals.created_at',
      'proposals.sent_at',
      'proposals.expires_at',
      'replaced.reference as replaces',
      'proposal_acceptances.extras',
    ])
    // A person merged into this one: their proposals are this person's too (merges move leads, not these).
    .where((eb) =>
      eb.or([
        eb('proposals.person_id', '=', personId),
        eb(
          'proposals.person_id',
          'in',
          eb.selectFrom('people').select('people.id').where('people.merged_into', '=', personId),
        ),
      ]),
    )
    .orderBy('proposals.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    status: row.status,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    expiresAt: row.expires_at,
    totals: proposalTotals(JSON.parse(row.document) as ProposalDocument, extrasOf(row.extras)),
    replaces: row.replaces,
  }));
}

/** One proposal with everything its builder shows; undefined when there is none. */
export async function proposalDetail(db: Db, id: number): Promise<ProposalDetail | undefined> {
  const [row, current, acceptance, letter] = await Promise.all([
    db
      .selectFrom('proposals')
      .innerJoin('people', 'people.id', 'proposals.person_id')
      .leftJoin('proposals as replaced', 'replaced.id', 'proposals.replaces_id')
      .selectAll('proposals')
      .select(['people.name', 'people.email', 'replaced.reference as replaces'])
      .where('proposals.id', '=', id)
      .executeTakeFirst(),
    currentPriceList(db),
    db
      .selectFrom('proposal_acceptances')
      .select(['signed_name', 'accepted_at', 'extras'])
      .where('proposal_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('engagement_letters')
      .select('proposal_id')
      .where('proposal_id', '=', id)
      .executeTakeFirst(),
  ]);
  if (!row) return undefined;
  const document = JSON.parse(row.document) as ProposalDocument;
  const extras = extrasOf(acceptance?.extras ?? null);
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    expiresAt: row.expires_at,
    totals: proposalTotals(document, extras),
    replaces: row.replaces,
    person: { id: row.person_id, name: row.name, email: row.email },
    enquiryId: row.enquiry_id,
    priceListVersion: row.price_list_id,
    currentPriceListVersion: current.version,
    document,
    viewedAt: row.viewed_at,
    decidedAt: row.decided_at,
    reminders: row.reminders,
    acceptance: acceptance
      ? {
          signedName: acceptance.signed_name,
          acceptedAt: acceptance.accepted_at,
          extras,
          letter: letter !== undefined,
        }
      : null,
    declineReason: row.decline_reason,
  };
}

/** The engagement letter kept on acceptance, with the proposal's reference; undefined without one. */
export async function proposalLetter(db: Db, id: number) {
  return db
    .selectFrom('engagement_letters')
    .innerJoin('proposals', 'proposals.id', 'engagement_letters.proposal_id')
    .select(['engagement_letters.pdf', 'proposals.reference'])
    .where('engagement_letters.proposal_id', '=', id)
    .executeTakeFirst();
}

/** The extras an acceptance kept (JSON keys); none before one. */
const extrasOf = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);

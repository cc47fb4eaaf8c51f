import type { Kysely } from 'kysely';
import { isPostgres } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { writeTransaction } from '#server/db/write-transaction.ts';
import { hashToken, looksLikeToken } from '#server/tokens.ts';
import { isOpenToClient, type ProposalDocument, type ProposalStatus } from '#shared/proposals.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { recordProposalEvent } from './events.ts';

// A proposal as its client's link finds it, and the three things the client can do to it: open it (the
// first time marks it viewed), accept it, decline it. Each change is made only while the proposal is
// still open to the client, checked again under the row's lock, so an accepted proposal never changes.

type Db = Kysely<Database>;

export interface ClientProposal {
  id: number;
  reference: string;
  personId: number;
  opportunityId: number | null;
  status: ProposalStatus;
  document: ProposalDocument;
  expiresAt: string | null;
  decidedAt: string | null;
  client: { email: string; name: string | null };
}

/** Where a proposal stands for its client: what the page shows and what a form may do. */
export type Standing = 'open' | 'accepted' | 'declined' | 'expired' | 'gone';

/**
 * Open while sent or viewed and before its expiry; a draft or a withdrawn one is as good as no proposal
 * (`gone`), so its page is the unknown link's.
 */
export function standingOf(proposal: Pick<ClientProposal, 'status' | 'expiresAt'>, now: Date): Standing {
  const { status, expiresAt } = proposal;
  if (status === 'accepted' || status === 'declined' || status === 'expired') return status;
  if (!isOpenToClient(status)) return 'gone';
  if (expiresAt !== null && Date.parse(expiresAt) <= now.getTime()) return 'expired';
  return 'open';
}

/** The proposal a link's token opens; none for a token of the wrong shape, which is not looked up. */
export async function proposalByToken(db: Db, token: string): Promise<ClientProposal | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const row = await db
    .selectFrom('proposals')
    .innerJoin('people', 'people.id', 'proposals.person_id')
    .select([
      'proposals.id',
      'proposals.reference',
      'proposals.person_id',
      'proposals.opportunity_id',
      'proposals.status',
      'proposals.document',
      'proposals.expires_at',
      'proposals.decided_at',
      'people.email',
      'people.name',
    ])
    .where('proposals.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    reference: row.reference,
    personId: row.person_id,
    opportunityId: row.opportunity_id,
    status: row.status,
    document: JSON.parse(row.document) as ProposalDocument,
    expiresAt: row.expires_at,
    decidedAt: row.decided_at,
    client: { email: row.email, name: row.name },
  };
}

/** The first opening of a sent proposal: viewed, when, and a line on the person's timeline. */
export async function markViewed(db: Db, proposal: ClientProposal, now: Date) {
  if (proposal.status !== 'sent') return;
  await db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const changed = await trx
      .updateTable('proposals')
      .set({ status: 'viewed', viewed_at: at, updated_at: at })
      .where('id', '=', proposal.id)
      .where('status', '=', 'sent')
      .returning('id')
      .execute();
    if (changed.length === 0) return;
    await recordProposalEvent(trx, {
      personId: proposal.personId,
      proposalId: proposal.id,
      reference: proposal.reference,
      status: 'viewed',
      userId: null,
      at: now,
    });
  });
}

/**
 * Runs `change` in a transaction that holds the proposal's row (PostgreSQL's row lock; SQLite's one
 * writer), once its standing, read again there, is open; else answers with the standing that refused it.
 */
export function whileOpen<T>(
  db: Db,
  proposalId: number,
  now: Date,
  change: (trx: Db) => Promise<T>,
): Promise<{ done: T } | { refused: Exclude<Standing, 'open'> }> {
  return writeTransaction(db, async (trx) => {
    let query = trx.selectFrom('proposals').select(['status', 'expires_at']).where('id', '=', proposalId);
    if (isPostgres(trx)) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    const standing = row ? standingOf({ status: row.status, expiresAt: row.expires_at }, now) : 'gone';
    if (standing !== 'open') return { refused: standing };
    return { done: await change(trx) };
  });
}

/** What an acceptance keeps: the simple electronic signature's evidence. */
export interface Acceptance {
  signedName: string;
  extras: string[];
  shownHash: string;
  termsVersion: number | null;
  ip: string;
  userAgent: string;
}

/** An acceptance as what follows it (after-acceptance.ts) is told of it. */
export interface Accepted {
  proposal: ClientProposal;
  firm: SiteFirm;
  /** Where staff notices go (STAFF_EMAIL, else the firm's details). */
  staffEmail: string;
  signedName: string;
  letter: { pdf: Uint8Array; sha256: string };
  at: Date;
}

/** Stores the acceptance and marks the proposal accepted, with its timeline line. Inside whileOpen. */
export async function recordAcceptance(trx: Db, proposal: ClientProposal, acceptance: Acceptance, now: Date) {
  const at = now.toISOString();
  await trx
    .insertInto('proposal_acceptances')
    .values({
      proposal_id: proposal.id,
      signed_name: acceptance.signedName,
      extras: JSON.stringify(acceptance.extras),
      shown_hash: acceptance.shownHash,
      terms_id: acceptance.termsVersion,
      ip: acceptance.ip,
      user_agent: acceptance.userAgent,
      accepted_at: at,
    })
    .execute();
  await trx
    .updateTable('proposals')
    .set({ status: 'accepted', decided_at: at, updated_at: at })
    .where('id', '=', proposal.id)
    .execute();
  await recordProposalEvent(trx, {
    personId: proposal.personId,
    proposalId: proposal.id,
    reference: proposal.reference,
    status: 'accepted',
    words: `Proposal ${proposal.reference} accepted online by ${acceptance.signedName}`,
    userId: null,
    at: now,
  });
}

/** Marks the proposal declined, keeping the reason, with its timeline line. Inside whileOpen. */
export async function recordDecline(trx: Db, proposal: ClientProposal, reason: string | null, now: Date) {
  const at = now.toISOString();
  await trx
    .updateTable('proposals')
    .set({ status: 'declined', decided_at: at, updated_at: at, decline_reason: reason })
    .where('id', '=', proposal.id)
    .execute();
  await recordProposalEvent(trx, {
    personId: proposal.personId,
    proposalId: proposal.id,
    reference: proposal.reference,
    status: 'declined',
    words: reason
      ? `Proposal ${proposal.reference} declined by the client: “${reason}”`
      : `Proposal ${proposal.reference} declined by the client`,
    userId: null,
    at: now,
  });
}

/** When an accepted proposal was accepted, and by whom, for its page. */
export async function acceptanceOf(db: Db, proposalId: number) {
  return db
    .selectFrom('proposal_acceptances')
    .select(['signed_name', 'accepted_at'])
    .where('proposal_id', '=', proposalId)
    .executeTakeFirst();
}

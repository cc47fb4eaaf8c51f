import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { ProposalStatus } from '#shared/proposals.ts';

// Every change of a proposal's status is a line on its person's timeline (person_events, event
// 'proposal'), recorded in the transaction that makes the change, in the words the timeline shows.

/** What the timeline says of a proposal reaching a status ('draft': made). */
export const proposalEventWords: Record<ProposalStatus, (reference: string) => string> = {
  draft: (reference) => `Proposal ${reference} drafted`,
  sent: (reference) => `Proposal ${reference} sent`,
  viewed: (reference) => `Proposal ${reference} opened by the client`,
  accepted: (reference) => `Proposal ${reference} accepted`,
  declined: (reference) => `Proposal ${reference} declined`,
  expired: (reference) => `Proposal ${reference} expired unanswered`,
  withdrawn: (reference) => `Proposal ${reference} withdrawn`,
};

/**
 * Records that a proposal reached `status` on its person's timeline: by `userId` (a member of staff), or
 * by nobody (null: the client, or the site itself). `words` replaces the usual ones ("… declined: too
 * dear").
 */
export async function recordProposalEvent(
  trx: Kysely<Database>,
  event: {
    personId: number;
    proposalId: number;
    reference: string;
    status: ProposalStatus;
    userId: number | null;
    at: Date;
    words?: string;
  },
) {
  const words = event.words ?? proposalEventWords[event.status](event.reference);
  await trx
    .insertInto('person_events')
    .values({
      person_id: event.personId,
      event: 'proposal',
      detail: JSON.stringify({ words, proposal: event.proposalId, status: event.status }),
      other_id: null,
      user_id: event.userId,
      created_at: event.at.toISOString(),
    })
    .execute();
}

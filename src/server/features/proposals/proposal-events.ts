import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { ProposalStatus } from '#shared/proposals.ts';

// A proposal's changes are its person's timeline (person_events of kind `proposal`, decision 030).
// The staff side (branch proposals-staff) exports its own recordProposalEvent for every status; this is
// the client side's until the two meet, writing the same row: detail `{ words, proposal, status }`.

/** Puts a proposal's change on its person's timeline, in the transaction that made it. */
export async function recordProposalEvent(
  trx: Kysely<Database>,
  event: {
    personId: number;
    proposalId: number;
    status: ProposalStatus;
    words: string;
    userId: number | null;
    at: Date;
  },
) {
  await trx
    .insertInto('person_events')
    .values({
      person_id: event.personId,
      event: 'proposal',
      detail: JSON.stringify({ words: event.words, proposal: event.proposalId, status: event.status }),
      other_id: null,
      user_id: event.userId,
      created_at: event.at.toISOString(),
    })
    .execute();
}

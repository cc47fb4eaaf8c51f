import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { queueAcceptedWebhook } from '#server/features/handover/index.ts';
import { moveOpportunity } from '#server/leads/opportunities.ts';
import { enqueueMails } from '#server/mail/outbox.ts';
import type { Accepted } from './client-records.ts';
import { letterMails } from './letter-mail.ts';

// What follows a proposal's acceptance, all in the acceptance's own transaction, so that either all of it
// is kept or none: the opportunity won, the engagement letter kept with its hash and emailed to the
// client and the firm, and the signed webhook that hands the client to the firm's practice software
// queued (when an owner has set one).

export async function afterAcceptance(trx: Kysely<Database>, accepted: Accepted) {
  const { proposal, letter, at } = accepted;
  // Won as the back office moves it, so the pipeline, the leads' timelines and the reports see it.
  if (proposal.opportunityId !== null) await moveOpportunity(trx, proposal.opportunityId, 'won', null, at);
  // One letter a proposal (its primary key): an acceptance refused as a second never reaches here.
  await trx
    .insertInto('engagement_letters')
    .values({
      proposal_id: proposal.id,
      pdf: Buffer.from(letter.pdf),
      sha256: letter.sha256,
      created_at: at.toISOString(),
    })
    .execute();
  await enqueueMails(trx, letterMails(accepted), at);
  await queueAcceptedWebhook(trx, proposal.id, at);
}

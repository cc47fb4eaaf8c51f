import type { Db } from '#server/db/database.ts';
import { newReference } from '#server/tokens.ts';
import { type ChosenService, type ProposalDocument, proposalDocument } from '#shared/proposals.ts';
import { paragraph } from '#shared/rich-text.ts';
import { starterPriceList } from '#shared/starter-price-list.ts';

// An accepted proposal written straight into the database, as the client's acceptance leaves one (status
// 'accepted', its acceptance with the extras ticked, its document priced by the shared calculation from
// the starter price list), for the tests of what follows acceptance: due diligence, the webhook, exports.

export interface AcceptedProposalFixture {
  email: string;
  name?: string | null;
  organisation?: string | null;
  /** The services on the proposal; the starter list's bookkeeping, with payroll as an extra, unless told. */
  services?: ChosenService[];
  answers?: Record<string, string | number>;
  /** The extras the client ticked. */
  extras?: string[];
  acceptedAt?: Date;
  reference?: string;
}

/** A person (found by email, or added), their accepted proposal and its acceptance. */
export async function insertAcceptedProposal(db: Db, fixture: AcceptedProposalFixture) {
  const at = (fixture.acceptedAt ?? new Date()).toISOString();
  const built = proposalDocument(starterPriceList, {
    addressedTo: fixture.organisation ?? fixture.name ?? fixture.email,
    answers: fixture.answers ?? { transactions: 150, payslips: 3, entity: 'limited-company' },
    services: fixture.services ?? [
      { key: 'bookkeeping', optional: false },
      { key: 'year-end-accounts', optional: false, fee: 95_000, reason: 'Agreed on the call' },
      { key: 'payroll', optional: true },
    ],
    message: [paragraph('Thank you for your time on the call.')],
  });
  if ('problems' in built) throw new Error(built.problems.join(' '));
  const existing = await db
    .selectFrom('people')
    .select('id')
    .where('email_key', '=', fixture.email.toLowerCase())
    .executeTakeFirst();
  const personId =
    existing?.id ??
    (
      await db
        .insertInto('people')
        .values({
          email: fixture.email,
          email_key: fixture.email.toLowerCase(),
          name: fixture.name ?? null,
          phone: null,
          organisation: fixture.organisation ?? null,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const reference = fixture.reference ?? newReference('FH');
  const { id: proposalId } = await db
    .insertInto('proposals')
    .values({
      reference,
      person_id: personId,
      status: 'accepted',
      document: JSON.stringify(built.document),
      sent_at: at,
      decided_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('proposal_acceptances')
    .values({
      proposal_id: proposalId,
      signed_name: fixture.name ?? fixture.email,
      extras: JSON.stringify(fixture.extras ?? ['payroll']),
      shown_hash: '0'.repeat(64),
      ip: '192.0.2.10',
      user_agent: 'practice-site tests',
      accepted_at: at,
    })
    .execute();
  return { personId, proposalId, reference, document: built.document as ProposalDocument };
}

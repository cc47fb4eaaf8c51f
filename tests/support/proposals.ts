import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { hashToken, newToken } from '#server/tokens.ts';
import { type ProposalDocument, type ProposalStatus, proposalDocument } from '#shared/proposals.ts';
import { paragraph } from '#shared/rich-text.ts';
import { starterPriceList } from '#shared/starter-price-list.ts';

// A proposal as sending leaves it (the staff side, branch proposals-staff): its person, an opportunity,
// the document priced from the starter list, status `sent`, the link's token kept as its hash and an
// expiry. Written straight to the database: the client's side is what the tests are about.

export interface SentProposal {
  id: number;
  reference: string;
  token: string;
  /** The client's email address. */
  email: string;
  personId: number;
  opportunityId: number;
  document: ProposalDocument;
}

let made = 0;

/**
 * Bookkeeping (150 transactions: £115.00 a month) and year-end accounts for a limited company (£900.00 a
 * year) included; payroll for 4 payslips (£49.00 a month) and an advisory meeting (£300.00 once) as
 * optional extras. VAT at 20%, shown before VAT.
 */
export async function sentProposal(
  db: Kysely<Database>,
  options: { email?: string; expiresInDays?: number; status?: ProposalStatus } = {},
): Promise<SentProposal> {
  made += 1;
  const at = new Date();
  const email = options.email ?? `client.${made}.${at.getTime()}@example.test`;
  const priced = proposalDocument(starterPriceList, {
    addressedTo: 'Hollins Joinery Ltd',
    answers: { entity: 'limited-company', turnover: 'under-90k', transactions: 150, payslips: 4 },
    services: [
      { key: 'bookkeeping', optional: false },
      { key: 'year-end-accounts', optional: false },
      { key: 'payroll', optional: true },
      { key: 'advisory', optional: true },
    ],
    message: [paragraph('Thank you for your time on the call. Here is what we suggest for <your> business.')],
  });
  if (!('document' in priced)) throw new Error(priced.problems.join(' '));
  const { document } = priced;
  const person = await db
    .insertInto('people')
    .values({
      email,
      email_key: email.toLowerCase(),
      name: 'Alex Hollins',
      phone: null,
      organisation: 'Hollins Joinery Ltd',
      created_at: at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const opportunity = await db
    .insertInto('opportunities')
    .values({
      person_id: person.id,
      title: 'Quote request',
      stage: 'qualified',
      value_pence: null,
      created_at: at.toISOString(),
      stage_changed_at: at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  const reference = `FH-P${String(made).padStart(2, '0')}-${String(at.getTime() % 1000).padStart(3, '0')}`;
  const expires = new Date(at.getTime() + (options.expiresInDays ?? 30) * 86_400_000);
  const { id } = await db
    .insertInto('proposals')
    .values({
      reference,
      person_id: person.id,
      opportunity_id: opportunity.id,
      enquiry_id: null,
      replaces_id: null,
      price_list_id: null,
      status: options.status ?? 'sent',
      document: JSON.stringify(document),
      token_hash: hashToken(token),
      expires_at: expires.toISOString(),
      sent_at: at.toISOString(),
      viewed_at: null,
      decided_at: null,
      reminded_at: null,
      decline_reason: null,
      created_by: null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, reference, token, email, personId: person.id, opportunityId: opportunity.id, document };
}

import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { type CsvColumn, csvTime } from '#server/leads/csv.ts';
import { keysetPage, type Page } from '#server/leads/list.ts';
import type { ListQuery } from '#shared/api/lead-lists.ts';
import { amount, type ClientWon } from '#shared/handover.ts';
import { frequencyWords } from '#shared/pricing.ts';
import { linesTaken, type ProposalDocument, proposalTotals } from '#shared/proposals.ts';

// The clients won, for the firm's practice software (Xero Practice Manager, Karbon, TaxCalc): each
// accepted proposal with its client, the services they took (the extras ticked included) with their fees,
// the totals, and whether they are onboarded (due diligence complete). The webhook sends the same shape.

type Db = Kysely<Database>;

/** Every accepted proposal as one row, under the names keysetPage orders, filters and searches by. */
const won = (db: Db) =>
  db
    .selectFrom('proposals')
    .innerJoin('proposal_acceptances', 'proposal_acceptances.proposal_id', 'proposals.id')
    .innerJoin('people', 'people.id', 'proposals.person_id')
    .leftJoin('due_diligence', 'due_diligence.person_id', 'proposals.person_id')
    .where('proposals.status', '=', 'accepted')
    .select([
      'proposals.id as id',
      'proposals.reference as reference',
      'proposals.document as document',
      'proposal_acceptances.extras as extras',
      'proposal_acceptances.accepted_at as accepted_at',
      'people.name as name',
      'people.email as email',
      'people.organisation as organisation',
      'due_diligence.completed_at as completed_at',
    ]);

type WonRow = Awaited<ReturnType<ReturnType<typeof won>['executeTakeFirstOrThrow']>>;

const iso = (at: string | Date) => new Date(at).toISOString();

/** A row as the exports and the webhook give it: fees in pence and in pounds. */
function clientWon(row: WonRow): ClientWon {
  const document = JSON.parse(row.document) as ProposalDocument;
  const extras = JSON.parse(row.extras) as string[];
  const totals = proposalTotals(document, extras);
  const both = ({ fee, vat }: { fee: number; vat: number }) => ({ fee: amount(fee), vat: amount(vat) });
  return {
    reference: row.reference,
    acceptedAt: iso(row.accepted_at),
    client: {
      name: row.name,
      email: row.email,
      organisation: row.organisation,
      addressedTo: document.addressedTo,
    },
    onboarded: row.completed_at !== null,
    dueDiligenceCompletedAt: row.completed_at === null ? null : iso(row.completed_at),
    services: linesTaken(document, extras).map((line) => ({
      key: line.key,
      name: line.name,
      frequency: line.frequency,
      fee: amount(line.fee),
      vat: amount(line.vat),
    })),
    totals: { monthly: both(totals.monthly), annually: both(totals.annually), once: both(totals.once) },
  };
}

/** One page of clients won, newest accepted first unless `order` says otherwise. */
export async function listClientsWon(db: Db, query: ListQuery, limit?: number): Promise<Page<ClientWon>> {
  const page = await keysetPage(
    db.selectFrom(won(db).as('won')).selectAll(),
    { timeColumn: 'accepted_at', searchColumns: ['name', 'email', 'organisation'], exactColumn: 'reference' },
    query,
    limit,
  );
  return { items: page.items.map(clientWon), next: page.next };
}

/** One accepted proposal as a client won (what the webhook sends); undefined unless it is accepted. */
export async function clientWonOf(db: Db, proposalId: number): Promise<ClientWon | undefined> {
  const row = await won(db).where('proposals.id', '=', proposalId).executeTakeFirst();
  return row && clientWon(row);
}

/** A line of the CSV: one service a client took, with the client and their totals on every line. */
export interface ServiceLine {
  client: ClientWon;
  service: ClientWon['services'][number];
}

export const serviceLines = (clients: ClientWon[]): ServiceLine[] =>
  clients.flatMap((client) => client.services.map((service) => ({ client, service })));

const yesNo = (yes: boolean) => (yes ? 'Yes' : 'No');
const totalColumns = (['monthly', 'annually', 'once'] as const).flatMap(
  (frequency): CsvColumn<ServiceLine>[] => {
    const label = { monthly: 'Monthly', annually: 'Annual', once: 'One-off' }[frequency];
    return [
      [`${label} total (pence)`, ({ client }) => String(client.totals[frequency].fee.pence)],
      [`${label} total (£)`, ({ client }) => client.totals[frequency].fee.pounds],
      [`${label} VAT (pence)`, ({ client }) => String(client.totals[frequency].vat.pence)],
      [`${label} VAT (£)`, ({ client }) => client.totals[frequency].vat.pounds],
    ];
  },
);

/** The CSV's columns: practice software imports a client and a recurring job from each line. */
export const clientsWonColumns: CsvColumn<ServiceLine>[] = [
  ['Reference', ({ client }) => client.reference],
  ['Accepted at', ({ client }) => csvTime(client.acceptedAt)],
  ['Client name', ({ client }) => client.client.name ?? client.client.addressedTo],
  ['Email', ({ client }) => client.client.email],
  ['Organisation', ({ client }) => client.client.organisation],
  ['Onboarded', ({ client }) => yesNo(client.onboarded)],
  ['Service', ({ service }) => service.name],
  ['Service key', ({ service }) => service.key],
  ['Frequency', ({ service }) => service.frequency],
  ['Charged', ({ service }) => frequencyWords[service.frequency]],
  ['Fee (pence)', ({ service }) => String(service.fee.pence)],
  ['Fee (£)', ({ service }) => service.fee.pounds],
  ['VAT (pence)', ({ service }) => String(service.vat.pence)],
  ['VAT (£)', ({ service }) => service.vat.pounds],
  ...totalColumns,
];

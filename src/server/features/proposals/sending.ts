import type { Db } from '#server/db/database.ts';
import { currentPriceList } from '#server/features/pricing/index.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { hashToken } from '#server/tokens.ts';
import { draftOfDocument } from '#shared/proposal-staff.ts';
import { isOpenToClient, type ProposalDocument, proposalDocument } from '#shared/proposals.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import type { Problems } from './drafts.ts';
import { proposalEmail, proposalLink } from './emails.ts';
import { recordProposalEvent } from './events.ts';
import { proposalSettings } from './settings.ts';

// Sending a draft to the client, and taking a sent proposal back.

export interface SendingParts {
  db: Db;
  firm: () => SiteFirm;
  secret: string;
  publicUrl: URL;
}

const dayMs = 86_400_000;

/**
 * Sends a draft: priced again, on the server, from the price list version it names (refused when a newer
 * version has been saved since: staff save it again to re-price it), its link made and emailed to the
 * person, and the proposal it replaces, if any, withdrawn. All in one transaction.
 */
export async function sendDraft(
  { db, firm, secret, publicUrl }: SendingParts,
  id: number,
  { by, now }: { by: number; now: Date },
): Promise<'sent' | 'not-found' | 'not-draft' | 'price-list-moved' | 'original-accepted' | Problems> {
  const row = await db
    .selectFrom('proposals')
    .innerJoin('people', 'people.id', 'proposals.person_id')
    .select([
      'proposals.status',
      'proposals.reference',
      'proposals.person_id',
      'proposals.price_list_id',
      'proposals.replaces_id',
      'proposals.document',
      'people.email',
    ])
    .where('proposals.id', '=', id)
    .executeTakeFirst();
  if (!row) return 'not-found';
  if (row.status !== 'draft') return 'not-draft';
  const { version, priceList } = await currentPriceList(db);
  if (version !== row.price_list_id) return 'price-list-moved';
  const priced = proposalDocument(priceList, draftOfDocument(JSON.parse(row.document) as ProposalDocument));
  if ('problems' in priced) return priced;
  const { expiryDays } = await proposalSettings(db);
  const sentAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + expiryDays * dayMs).toISOString();
  const { token, href } = proposalLink({ secret, publicUrl }, { reference: row.reference, sentAt });
  return db.transaction().execute(async (trx) => {
    // The proposal this one replaces is withdrawn first, so its client can no longer accept it; one they
    // accepted meanwhile stands, and this version is not sent: the client would sign twice for one work.
    if (row.replaces_id !== null && !(await withdrawIn(trx, row.replaces_id, by, now))) {
      const replaced = await trx
        .selectFrom('proposals')
        .select('status')
        .where('id', '=', row.replaces_id)
        .executeTakeFirst();
      if (replaced?.status === 'accepted') return 'original-accepted';
    }
    const sent = await trx
      .updateTable('proposals')
      .set({
        status: 'sent',
        document: JSON.stringify(priced.document),
        token_hash: hashToken(token),
        sent_at: sentAt,
        expires_at: expiresAt,
        updated_at: sentAt,
      })
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    // Sent by a colleague a moment ago.
    if (Number(sent.numUpdatedRows) === 0) return 'not-draft';
    const event = { personId: row.person_id, userId: by, at: now };
    await recordProposalEvent(trx, { ...event, proposalId: id, reference: row.reference, status: 'sent' });
    await enqueueMail(
      trx,
      'proposal',
      proposalEmail(firm(), {
        to: row.email,
        reference: row.reference,
        document: priced.document,
        expiresAt,
        href,
      }),
      now,
    );
    return 'sent';
  });
}

/** Withdraws a proposal still open to the client: its link stops. False when it was not open. */
async function withdrawIn(trx: Db, id: number, by: number | null, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const withdrawn = await trx
    .updateTable('proposals')
    .set({ status: 'withdrawn', decided_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', 'in', ['sent', 'viewed'])
    .returning(['person_id', 'reference'])
    .executeTakeFirst();
  if (!withdrawn) return false;
  await recordProposalEvent(trx, {
    personId: withdrawn.person_id,
    proposalId: id,
    reference: withdrawn.reference,
    status: 'withdrawn',
    userId: by,
    at: now,
  });
  return true;
}

/** Staff take back a sent proposal not yet answered. */
export async function withdraw(
  db: Db,
  id: number,
  { by, now }: { by: number; now: Date },
): Promise<'withdrawn' | 'not-found' | 'not-open'> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('proposals').select('status').where('id', '=', id).executeTakeFirst();
    if (!row) return 'not-found';
    if (!isOpenToClient(row.status)) return 'not-open';
    return (await withdrawIn(trx, id, by, now)) ? 'withdrawn' : 'not-open';
  });
}

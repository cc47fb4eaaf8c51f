import type { Db } from '#server/db/database.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import type { ProposalDocument } from '#shared/proposals.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { proposalEmail, proposalLink } from './emails.ts';
import { recordProposalEvent } from './events.ts';
import { proposalSettings } from './settings.ts';

// What happens to sent proposals with time (run every few minutes in process, runtime.ts): one past its
// expiry is marked expired, its link stopping; one the client has not answered gets a reminder with the
// same link every `reminderDays` days after it was sent (or last reminded), up to `reminders` of them,
// as the owner chose. Each is claimed by a conditional update in the transaction that queues the email,
// so several instances, or a pass that overlaps another, send it once.

const dayMs = 86_400_000;

/** Expires what is past its expiry and queues the reminders due; answers how many of each it handled. */
export async function sendProposalReminders(
  db: Db,
  { now, firm, secret, publicUrl }: { now: Date; firm: SiteFirm; secret: string; publicUrl: URL },
): Promise<number> {
  const at = now.toISOString();
  let handled = 0;
  const past = await db
    .selectFrom('proposals')
    .select(['id', 'reference', 'person_id'])
    .where('status', 'in', ['sent', 'viewed'])
    .where('expires_at', '<=', at)
    .execute();
  for (const proposal of past) {
    const expired = await db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('proposals')
        .set({ status: 'expired', decided_at: at, updated_at: at })
        .where('id', '=', proposal.id)
        .where('status', 'in', ['sent', 'viewed'])
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return false;
      await recordProposalEvent(trx, {
        personId: proposal.person_id,
        proposalId: proposal.id,
        reference: proposal.reference,
        status: 'expired',
        userId: null,
        at: now,
      });
      return true;
    });
    if (expired) handled += 1;
  }

  const settings = await proposalSettings(db);
  if (settings.reminderDays === 0 || settings.reminders === 0) return handled;
  const lastContactBefore = new Date(now.getTime() - settings.reminderDays * dayMs).toISOString();
  const due = await db
    .selectFrom('proposals')
    .innerJoin('people', 'people.id', 'proposals.person_id')
    .select([
      'proposals.id',
      'proposals.reference',
      'proposals.document',
      'proposals.sent_at',
      'proposals.expires_at',
      'proposals.reminders',
      'people.email',
    ])
    .where('proposals.status', 'in', ['sent', 'viewed'])
    .where('proposals.expires_at', '>', at)
    .where('proposals.reminders', '<', settings.reminders)
    .where((eb) => eb.fn.coalesce('proposals.reminded_at', 'proposals.sent_at'), '<=', lastContactBefore)
    .execute();
  for (const proposal of due) {
    if (proposal.sent_at === null || proposal.expires_at === null) continue;
    const { href } = proposalLink(
      { secret, publicUrl },
      { reference: proposal.reference, sentAt: proposal.sent_at },
    );
    const sent = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('proposals')
        .set({ reminders: proposal.reminders + 1, reminded_at: at })
        .where('id', '=', proposal.id)
        .where('reminders', '=', proposal.reminders)
        .where('status', 'in', ['sent', 'viewed'])
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return false;
      const document = JSON.parse(proposal.document) as ProposalDocument;
      const message = {
        to: proposal.email,
        reference: proposal.reference,
        document,
        expiresAt: proposal.expires_at as string,
        href,
      };
      await enqueueMail(trx, 'proposal-reminder', proposalEmail(firm, message, true), now);
      return true;
    });
    if (sent) handled += 1;
  }
  return handled;
}

import type { ExpressionBuilder, Kysely } from 'kysely';
import type { LeadKind } from '../../../shared/back-office.ts';
import type { Database } from '../../db/schema.ts';
import { derivedToken } from '../../tokens.ts';
import { holdsAddress, mayMentionAddress, mentionsAddress } from './address-matching.ts';
import { exportAuditEntries, pseudonymiseAuditEntries } from './audit-entries-data.ts';
import { eraseStaffAccountData, exportStaffAccountData } from './staff-account-data.ts';

/** What an erased lead keeps in place of a name or an email address. */
export const erasedMarker = '(erased)';

/**
 * What stands for an erased address where a record of it must stay (the audit log, a closed staff
 * account): the same for the same address, so its entries still belong together, and only someone with
 * SESSION_SECRET can check whether it was a given address.
 */
export const erasedAddress = (secret: string, email: string) =>
  `(erased ${derivedToken(secret, 'erased-address', email.trim().toLowerCase()).slice(0, 12)})`;

/**
 * The outbox messages about an address: sent to it, staff notices about it (their replies go to it), and
 * any message still waiting to be sent whose body names it. A sent message keeps no body (mail/outbox.ts).
 */
async function emailsAbout(db: Kysely<Database>, address: string) {
  const rows = await db
    .selectFrom('outbox_messages')
    .select(['id', 'kind', 'recipient', 'reply_to', 'subject', 'message', 'status', 'created_at', 'sent_at'])
    .where((eb) =>
      eb.or([
        holdsAddress(address, 'recipient'),
        holdsAddress(address, 'reply_to'),
        mayMentionAddress(address, 'message'),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.filter(
    (row) =>
      row.recipient.toLowerCase() === address ||
      row.reply_to?.toLowerCase() === address ||
      mentionsAddress(row.message, address),
  );
}

/**
 * Everything the site holds about one email address, for a subject access request: every lead with
 * all its fields, the subscription with its consent trail, staff notes and stage changes on those
 * leads, the emails to or about the address (what is still stored of them), a staff account with its
 * sessions and set-password links, sign-in throttles and the audit entries that name the address.
 */
export async function exportPersonalData(db: Kysely<Database>, email: string) {
  const address = email.trim().toLowerCase();
  const [enquiries, applications, bookings, subscriber, emails, account, auditEntries] = await Promise.all([
    db.selectFrom('enquiries').selectAll().where(holdsAddress(address)).orderBy('id').execute(),
    db.selectFrom('applications').selectAll().where(holdsAddress(address)).orderBy('id').execute(),
    db
      .selectFrom('bookings')
      .select([
        'id',
        'reference',
        'email',
        'starts_at',
        'ends_at',
        'local_date',
        'local_time',
        'time_zone',
        'status',
        'meeting_url',
        'application_id',
        'created_at',
        'cancelled_at',
        'stage',
      ])
      .where(holdsAddress(address))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('subscribers')
      .select(['id', 'email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at'])
      .where(holdsAddress(address))
      .executeTakeFirst(),
    emailsAbout(db, address),
    exportStaffAccountData(db, address),
    exportAuditEntries(db, address),
  ]);
  const consents = subscriber
    ? await db
        .selectFrom('subscriber_consents')
        .select(['event', 'source', 'wording', 'ip_address', 'created_at'])
        .where('subscriber_id', '=', subscriber.id)
        .orderBy('id')
        .execute()
    : [];
  const events = await leadEvents(db, { enquiries, applications, bookings });
  return {
    email: address,
    exportedAt: new Date().toISOString(),
    enquiries: enquiries.map(({ details, ...row }) => ({ ...row, details: JSON.parse(details) })),
    applications: applications.map(({ answers, ...row }) => ({ ...row, answers: JSON.parse(answers) })),
    bookings,
    subscription: subscriber ? { ...subscriber, consents } : null,
    leadEvents: events,
    emails: emails.map(({ id: _, reply_to, message, ...row }) => ({
      ...row,
      replyTo: reply_to,
      // The body only while the message waits to be sent.
      text: message ? ((JSON.parse(message) as { text?: string }).text ?? null) : null,
    })),
    ...account,
    auditEntries,
  };
}

type Leads = { enquiries: { id: number }[]; applications: { id: number }[]; bookings: { id: number }[] };

/** The kinds of lead the address left, each with its ids. */
function leadIds(leads: Leads): [LeadKind, number[]][] {
  const kinds: [LeadKind, { id: number }[]][] = [
    ['enquiry', leads.enquiries],
    ['application', leads.applications],
    ['booking', leads.bookings],
  ];
  return kinds.filter(([, rows]) => rows.length > 0).map(([kind, rows]) => [kind, rows.map((row) => row.id)]);
}

/** Matches the lead events of those leads. */
const eventsOf = (ids: [LeadKind, number[]][]) => (eb: ExpressionBuilder<Database, 'lead_events'>) =>
  eb.or(ids.map(([kind, list]) => eb.and([eb('lead_kind', '=', kind), eb('lead_id', 'in', list)])));

async function leadEvents(db: Kysely<Database>, leads: Leads) {
  const ids = leadIds(leads);
  if (ids.length === 0) return [];
  return db
    .selectFrom('lead_events')
    .select(['lead_kind', 'lead_id', 'event', 'detail', 'created_at'])
    .where(eventsOf(ids))
    .orderBy('id')
    .execute();
}

/**
 * Erases one email address (a right-to-erasure request); pass the transaction that also records it.
 * Leads stay as counted records but lose every personal field and staff note, the address's upcoming
 * calls are cancelled so their slots free up, the subscriber and their consent trail are deleted, and so
 * are the emails to or about the address (staff notices included); a staff account with the address is
 * closed (staff-account-data.ts), its sign-in throttles deleted, and the audit log keeps its entries with
 * `pseudonym` in place of the address. Returns how many of each were touched.
 *
 * On SQLite the bytes are gone from the files once forgetOverwrittenBytes has run after the commit.
 */
export async function erasePersonalData(trx: Kysely<Database>, email: string, pseudonym: string) {
  const address = email.trim().toLowerCase();
  const now = new Date().toISOString();
  const enquiries = await trx
    .updateTable('enquiries')
    .set({
      name: erasedMarker,
      email: erasedMarker,
      organisation: erasedMarker,
      phone: null,
      postcode: null,
      message: erasedMarker,
      details: '{}',
      ip_address: null,
    })
    .where(holdsAddress(address))
    .returning('id')
    .execute();
  const applications = await trx
    .updateTable('applications')
    .set({ email: erasedMarker, your_name: erasedMarker, business_name: erasedMarker, answers: '{}' })
    .where(holdsAddress(address))
    .returning('id')
    .execute();
  await trx
    .updateTable('bookings')
    .set({ status: 'cancelled', cancelled_at: now })
    .where(holdsAddress(address))
    .where('status', '=', 'confirmed')
    .where('starts_at', '>', now)
    .execute();
  const bookings = await trx
    .updateTable('bookings')
    .set({ email: erasedMarker, meeting_url: null })
    .where(holdsAddress(address))
    .returning('id')
    .execute();
  const notes = await leadEventsToErase(trx, { enquiries, applications, bookings });
  const subscriber = await trx
    .selectFrom('subscribers')
    .select('id')
    .where(holdsAddress(address))
    .executeTakeFirst();
  if (subscriber) {
    await trx.deleteFrom('subscriber_consents').where('subscriber_id', '=', subscriber.id).execute();
    await trx.deleteFrom('subscribers').where('id', '=', subscriber.id).execute();
  }
  const emails = (await emailsAbout(trx, address)).map((row) => row.id);
  if (emails.length > 0) await trx.deleteFrom('outbox_messages').where('id', 'in', emails).execute();
  const account = await eraseStaffAccountData(trx, address, pseudonym);
  const auditEntries = await pseudonymiseAuditEntries(trx, address, pseudonym);
  return {
    enquiries: enquiries.length,
    applications: applications.length,
    bookings: bookings.length,
    notes,
    subscriber: subscriber ? 1 : 0,
    emails: emails.length,
    ...account,
    auditEntries,
  };
}

async function leadEventsToErase(db: Kysely<Database>, leads: Leads): Promise<number> {
  const ids = leadIds(leads);
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('lead_events')
    .set({ detail: erasedMarker })
    .where('event', '=', 'note')
    .where(eventsOf(ids))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

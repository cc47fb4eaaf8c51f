import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { LeadKind } from '../../../shared/back-office.ts';
import type { Database } from '../../db/schema.ts';

/** Leads keep the address as typed; the search matches it in any case, on a lower(email) index. */
const emailIs = (address: string, column = 'email') => sql<boolean>`lower(${sql.ref(column)}) = ${address}`;

/** What an erased lead keeps in place of a name or an email address. */
export const erasedMarker = '(erased)';

/**
 * Everything the site holds about one email address, for a subject access request: every lead with
 * all its fields, the subscription with its consent trail, staff notes and stage changes on those
 * leads, and the emails sent to the address.
 */
export async function exportPersonalData(db: Kysely<Database>, email: string) {
  const address = email.trim().toLowerCase();
  const [enquiries, applications, bookings, subscriber, emails] = await Promise.all([
    db.selectFrom('enquiries').selectAll().where(emailIs(address)).orderBy('id').execute(),
    db.selectFrom('applications').selectAll().where(emailIs(address)).orderBy('id').execute(),
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
      .where(emailIs(address))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('subscribers')
      .select(['id', 'email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at'])
      .where(emailIs(address))
      .executeTakeFirst(),
    db
      .selectFrom('outbox_messages')
      .select(['kind', 'subject', 'message', 'status', 'created_at', 'sent_at'])
      .where(emailIs(address, 'recipient'))
      .orderBy('id')
      .execute(),
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
    // A sent email keeps no body (mail/outbox.ts).
    emails: emails.map(({ message, ...row }) => ({
      ...row,
      text: message ? ((JSON.parse(message) as { text?: string }).text ?? null) : null,
    })),
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
 * Erases one email address (a right-to-erasure request) in one transaction: leads stay as counted
 * records but lose every personal field and staff note, the address's upcoming calls are cancelled so
 * their slots free up, the subscriber and their consent trail are deleted, and so are the emails queued
 * or sent to the address. Returns how many of each were touched.
 */
export async function erasePersonalData(db: Kysely<Database>, email: string) {
  const address = email.trim().toLowerCase();
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
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
      .where(emailIs(address))
      .returning('id')
      .execute();
    const applications = await trx
      .updateTable('applications')
      .set({ email: erasedMarker, your_name: erasedMarker, business_name: erasedMarker, answers: '{}' })
      .where(emailIs(address))
      .returning('id')
      .execute();
    await trx
      .updateTable('bookings')
      .set({ status: 'cancelled', cancelled_at: now })
      .where(emailIs(address))
      .where('status', '=', 'confirmed')
      .where('starts_at', '>', now)
      .execute();
    const bookings = await trx
      .updateTable('bookings')
      .set({ email: erasedMarker, meeting_url: null })
      .where(emailIs(address))
      .returning('id')
      .execute();
    const notes = await leadEventsToErase(trx, { enquiries, applications, bookings });
    const subscriber = await trx
      .selectFrom('subscribers')
      .select('id')
      .where(emailIs(address))
      .executeTakeFirst();
    if (subscriber) {
      await trx.deleteFrom('subscriber_consents').where('subscriber_id', '=', subscriber.id).execute();
      await trx.deleteFrom('subscribers').where('id', '=', subscriber.id).execute();
    }
    const emails = await trx
      .deleteFrom('outbox_messages')
      .where(emailIs(address, 'recipient'))
      .executeTakeFirst();
    return {
      enquiries: enquiries.length,
      applications: applications.length,
      bookings: bookings.length,
      notes,
      subscriber: subscriber ? 1 : 0,
      emails: Number(emails.numDeletedRows),
    };
  });
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

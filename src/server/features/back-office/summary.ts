import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface LeadCount {
  label: string;
  /** The back office list that shows them. */
  path: string;
  total: number;
  newest: string | null;
}

/** How many of each kind of lead there are, and when the newest arrived (indexed counts, no row loads). */
export async function leadSummary(db: Kysely<Database>, now = new Date()): Promise<LeadCount[]> {
  const enquiries = (kind: 'contact' | 'quote') =>
    db
      .selectFrom('enquiries')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('created_at').as('newest')])
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
  const [contact, quote, applications, bookings, subscribers] = await Promise.all([
    enquiries('contact'),
    enquiries('quote'),
    db
      .selectFrom('applications')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('created_at').as('newest')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bookings')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('created_at').as('newest')])
      .where('status', '=', 'confirmed')
      .where('starts_at', '>', now.toISOString())
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('subscribers')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('confirmed_at').as('newest')])
      .where('status', '=', 'confirmed')
      .executeTakeFirstOrThrow(),
  ]);
  const row = (label: string, path: string, counted: { total: number | string; newest: string | null }) => ({
    label,
    path,
    total: Number(counted.total),
    newest: counted.newest,
  });
  return [
    row('Upcoming calls', 'bookings', bookings),
    row('Contact enquiries', 'contact-enquiries', contact),
    row('Quote requests', 'quote-requests', quote),
    row('Applications', 'applications', applications),
    row('Confirmed subscribers', 'subscribers?status=confirmed', subscribers),
  ];
}

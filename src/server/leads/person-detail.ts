import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { staffLabel } from '#server/db/staff-label.ts';
import type { PersonDetail, PersonLead, PersonTimelineEntry } from '#shared/api/back-office-people.ts';
import { callDateTimeWords } from '#shared/calendar.ts';
import { consentEventLabels, consentSourceLabel } from '#shared/consent-words.ts';
import { emailEntry, type LeadIds, staffEventsOn } from './events.ts';
import type { LeadRegistry } from './kind.ts';
import { undoableMerges } from './merges.ts';
import { tasksAbout } from './tasks.ts';

// A person's page: their details, each of their leads, and one timeline of everything that happened to
// any of them (decision 028), newest first. One query for each source, run side by side.

/** The person with `id` as the back office shows them; undefined when there is none (or they were erased). */
export async function personDetail(
  db: Db,
  leadKinds: LeadRegistry,
  id: number,
  now: Date,
): Promise<PersonDetail | undefined> {
  const [person, mergedIn] = await Promise.all([
    db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst(),
    // The people merged into this one: the emails sent to their addresses are this person's too.
    db
      .selectFrom('people')
      .select(['email', 'email_key', 'created_at'])
      .where('merged_into', '=', id)
      .execute(),
  ]);
  if (!person) return undefined;
  const addressKeys = [person.email_key, ...mergedIn.map((other) => other.email_key)];
  const firstInTouch = [person.created_at, ...mergedIn.map((other) => other.created_at)].sort()[0];
  const staged = leadKinds.flatMap(({ staged }) => (staged ? [staged] : []));
  const perKind = await Promise.all(
    staged.map(async (lead) => ({ kind: lead.endpoints.kind, leads: await lead.ofPerson(db, id) })),
  );
  const leadIds: LeadIds = perKind.map(({ kind, leads }) => [kind, leads.map((lead) => lead.id)]);
  const leadOf = new Map(
    perKind.flatMap(({ kind, leads }) => leads.map((lead) => [`${kind}:${lead.id}`, lead] as const)),
  );
  const [opportunities, events, emails, subscriber, owner, tasks, replies, nextCall, ownEvents, merges] =
    await Promise.all([
      db
        .selectFrom('opportunities')
        .leftJoin('users', 'users.id', 'opportunities.owner_id')
        .select([
          'opportunities.id',
          'opportunities.title',
          'opportunities.stage',
          'opportunities.value_pence',
          'opportunities.created_at',
          'opportunities.owner_id',
          staffLabel.as('owner_name'),
        ])
        .where('opportunities.person_id', '=', id)
        .orderBy('opportunities.created_at', 'desc')
        .orderBy('opportunities.id', 'desc')
        .execute(),
      staffEventsOn(db, leadIds),
      db
        .selectFrom('outbox_messages')
        .select(['created_at', 'subject', 'status'])
        .where(sql<boolean>`lower(recipient) in (${sql.join(addressKeys)})`)
        .where('created_at', '>=', firstInTouch ?? person.created_at)
        // Replies from inside are on the timeline whole, from their own table.
        .where('kind', '<>', 'staff-reply')
        .execute(),
      db
        .selectFrom('subscribers')
        .select(['id', 'status'])
        // The mailing list keeps addresses lower-cased, as the person's key is.
        .where('email', '=', person.email_key)
        .executeTakeFirst(),
      person.owner_id === null
        ? undefined
        : db
            .selectFrom('users')
            .select(['users.id', staffLabel.as('name')])
            .where('users.id', '=', person.owner_id)
            .executeTakeFirst(),
      tasksAbout(db, id),
      db
        .selectFrom('replies')
        .leftJoin('users', 'users.id', 'replies.sent_by')
        .select(['replies.subject', 'replies.body', 'replies.created_at', staffLabel.as('by')])
        .where('replies.person_id', '=', id)
        .execute(),
      db
        .selectFrom('bookings')
        .leftJoin('advisers', 'advisers.id', 'bookings.adviser_id')
        .select(['bookings.local_date', 'bookings.local_time', 'advisers.display_name'])
        .where('bookings.person_id', '=', id)
        .where('bookings.status', '=', 'confirmed')
        .where('bookings.starts_at', '>', now.toISOString())
        .orderBy('bookings.starts_at')
        .limit(1)
        .executeTakeFirst(),
      db
        .selectFrom('person_events')
        .leftJoin('users', 'users.id', 'person_events.user_id')
        .select([
          'person_events.event',
          'person_events.detail',
          'person_events.created_at',
          staffLabel.as('by'),
        ])
        .where('person_events.person_id', '=', id)
        .execute(),
      undoableMerges(db, id),
    ]);
  const consents = subscriber
    ? await db
        .selectFrom('subscriber_consents')
        .select(['event', 'source', 'created_at'])
        .where('subscriber_id', '=', subscriber.id)
        .execute()
    : [];

  const held = perKind.flatMap(({ leads }) => leads);
  const leads = held.map(({ id: _, opportunityId: __, ...lead }) => lead).sort(newestFirst);
  const about = (lead: PersonLead | undefined) =>
    lead ? { kind: lead.kind, reference: lead.reference } : null;
  const timeline: PersonTimelineEntry[] = [
    ...leads.map((lead) => ({
      at: lead.createdAt,
      what: 'received' as const,
      detail: lead.summary,
      by: null,
      lead: about(lead),
    })),
    ...onePerMove(events).map((event) => ({
      at: event.created_at,
      what: event.event,
      detail: event.detail,
      by: event.by,
      lead: event.many ? null : about(leadOf.get(`${event.lead_kind}:${event.lead_id}`)),
    })),
    ...emails.map((email) => ({ ...emailEntry(email), lead: null })),
    ...replies.map((reply) => ({
      at: reply.created_at,
      what: 'reply' as const,
      detail: `${reply.subject}\n\n${reply.body}`,
      by: reply.by,
      lead: null,
    })),
    ...ownEvents.map((event) => ({
      at: event.created_at,
      what: event.event,
      detail: personEventWords(event.event, event.detail),
      by: event.by,
      lead: null,
    })),
    ...consents.map((consent) => ({
      at: consent.created_at,
      what: 'consent' as const,
      detail: `${consentEventLabels[consent.event]} (${consentSourceLabel(consent.source)})`,
      by: null,
      lead: null,
    })),
  ];
  return {
    id: person.id,
    email: person.email,
    name: person.name,
    phone: person.phone,
    organisation: person.organisation,
    createdAt: person.created_at,
    leads,
    opportunities: opportunities.map((opportunity) => ({
      id: opportunity.id,
      title: opportunity.title,
      stage: opportunity.stage,
      valuePence: opportunity.value_pence === null ? null : Number(opportunity.value_pence),
      createdAt: opportunity.created_at,
      owner:
        opportunity.owner_id === null ? null : { id: opportunity.owner_id, name: opportunity.owner_name },
      leads: held
        .filter((lead) => lead.opportunityId === opportunity.id)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((lead) => ({ kind: lead.kind, reference: lead.reference })),
    })),
    owner: owner ?? null,
    nextCall: nextCall
      ? {
          when: callDateTimeWords(nextCall.local_date, nextCall.local_time, ' at '),
          adviser: nextCall.display_name,
        }
      : null,
    tasks,
    subscriber: subscriber ? { status: subscriber.status } : null,
    timeline: timeline.sort((a, b) => b.at.localeCompare(a.at)),
    merges: merges.map((merge) => ({ id: merge.id, email: merge.email, at: merge.created_at })),
    mergedInto: person.merged_into,
    alsoFrom: mergedIn.map((other) => other.email),
  };
}

/** A person's own event in words: as recorded (person-events.ts), or a merge's from what it moved. */
function personEventWords(event: string, json: string): string {
  const detail = JSON.parse(json) as {
    words?: string;
    email?: string;
    moved?: Partial<Record<string, number[]>>;
  };
  if (event === 'merged') {
    const leads = ['enquiries', 'applications', 'bookings'].reduce(
      (sum, table) => sum + (detail.moved?.[table]?.length ?? 0),
      0,
    );
    return `Merged in ${detail.email}: ${leads === 1 ? 'one lead' : `${leads} leads`} moved here`;
  }
  if (event === 'unmerged') return `Merge undone: ${detail.email} has their own record again`;
  return detail.words ?? '';
}

/**
 * The events, with a move of an opportunity said once: it is recorded on each of its leads, at one time
 * by one member of staff. `many` marks an event that stands for several leads.
 */
function onePerMove<E extends { event: string; created_at: string; detail: string; by: string | null }>(
  events: E[],
): (E & { many: boolean })[] {
  const moves = new Map<string, E & { many: boolean }>();
  const rest: (E & { many: boolean })[] = [];
  for (const event of events) {
    if (event.event !== 'stage') {
      rest.push({ ...event, many: false });
      continue;
    }
    const key = `${event.created_at}|${event.detail}|${event.by}`;
    const seen = moves.get(key);
    if (seen) seen.many = true;
    else moves.set(key, { ...event, many: false });
  }
  return [...rest, ...moves.values()];
}

const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) =>
  b.createdAt.localeCompare(a.createdAt);

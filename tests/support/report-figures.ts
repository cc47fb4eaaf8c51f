import type { Db } from '#server/db/database.ts';
import type { LeadSourceTable } from '#server/db/schema.ts';
import type { LeadStage } from '#shared/back-office.ts';

// Known figures for the Reports screen: leads, replies, calls and subscribers in March of `year`, written
// straight to the database as the app's own inserts write them, each at a time the test chooses.

const at = (year: number, day: number, hour = 10) => new Date(Date.UTC(year, 2, day, hour)).toISOString();

interface SeededLead {
  channel: string;
  stage: LeadStage;
  furthest: Exclude<LeadStage, 'lost'>;
  /** Hours from the lead to the first reply from inside; null: none yet. */
  replyAfterHours: number | null;
}

/**
 * Three leads (two from Google, one from the newsletter), a sign-up, three calls with the adviser who is
 * the member `adviserUserId`, and three subscribers.
 */
export async function seedReportFigures(
  db: Db,
  { year, prefix, adviserUserId }: { year: number; prefix: string; adviserUserId: number },
) {
  const leads: SeededLead[] = [
    { channel: 'google.com', stage: 'lost', furthest: 'qualified', replyAfterHours: 0.5 },
    { channel: 'google.com', stage: 'new', furthest: 'new', replyAfterHours: null },
    { channel: 'newsletter', stage: 'won', furthest: 'won', replyAfterHours: 50 },
  ];
  const source = (
    kind: LeadSourceTable['lead_kind'],
    id: number,
    opportunity: number | null,
    day: number,
    channel: string,
    movedOn = false,
  ) =>
    db
      .insertInto('lead_sources')
      .values({
        lead_kind: kind,
        lead_id: id,
        opportunity_id: opportunity,
        created_at: at(year, day),
        channel,
        referrer: channel === 'google.com' ? 'https://www.google.com' : null,
        landing_path: '/',
        utm_source: channel === 'newsletter' ? channel : null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        // As moveOpportunity keeps it (leads/opportunities.ts).
        moved_on: movedOn ? 1 : 0,
      })
      .execute();
  for (const [index, lead] of leads.entries()) {
    const email = `${prefix}.lead${index}@example.test`;
    const createdAt = at(year, 2 + index);
    const person = await db
      .insertInto('people')
      .values({
        email,
        email_key: email,
        name: `Lead ${index}`,
        phone: null,
        organisation: null,
        created_at: createdAt,
        // As the first reply from inside sets them (leads/replies.ts).
        first_reply_at:
          lead.replyAfterHours === null
            ? null
            : new Date(Date.parse(createdAt) + lead.replyAfterHours * 3_600_000).toISOString(),
        first_reply_seconds: lead.replyAfterHours === null ? null : lead.replyAfterHours * 3600,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const opportunity = await db
      .insertInto('opportunities')
      .values({
        person_id: person.id,
        title: 'Enquiry',
        stage: lead.stage,
        furthest_stage: lead.furthest,
        value_pence: null,
        created_at: createdAt,
        stage_changed_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await db
      .insertInto('enquiries')
      .values({
        reference: `${prefix}-lead-${index}`,
        kind: 'contact',
        name: `Lead ${index}`,
        email,
        organisation: 'Dentist',
        phone: null,
        postcode: null,
        message: 'Seeded for the reports',
        details: '{}',
        ip_address: null,
        created_at: createdAt,
        stage: lead.stage,
        person_id: person.id,
        opportunity_id: opportunity.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await source('enquiry', enquiry.id, opportunity.id, 2 + index, lead.channel, lead.furthest !== 'new');
  }

  // Subscribers: one since February; one who joined on the 10th; one who joined on the 3rd and left on
  // the 20th, whose sign-up came direct.
  for (const [index, [confirmedDay, leftDay]] of [
    [-20, null],
    [10, null],
    [3, 20],
  ].entries()) {
    const subscriber = await db
      .insertInto('subscribers')
      .values({
        email: `${prefix}.reader${index}@example.test`,
        status: leftDay ? 'unsubscribed' : 'confirmed',
        confirm_token_hash: null,
        unsubscribe_token_hash: `${prefix}-reader-${index}`,
        confirmed_at: at(year, confirmedDay ?? 1),
        unsubscribed_at: leftDay ? at(year, leftDay) : null,
        created_at: at(year, confirmedDay ?? 1),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (leftDay) await source('subscriber', subscriber.id, null, confirmedDay ?? 1, 'Direct');
  }

  // Calls with the firm's adviser: two kept and one cancelled.
  const adviser = await db
    .insertInto('advisers')
    .values({
      user_id: adviserUserId,
      display_name: `Adviser ${prefix}`,
      created_at: at(year, 1),
      updated_at: at(year, 1),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [index, status] of (['confirmed', 'confirmed', 'cancelled'] as const).entries()) {
    const startsAt = at(year, 16 + index);
    await db
      .insertInto('bookings')
      .values({
        reference: `${prefix}-call-${index}`,
        email: `${prefix}.caller${index}@example.test`,
        starts_at: startsAt,
        ends_at: startsAt,
        local_date: startsAt.slice(0, 10),
        local_time: '10:00',
        time_zone: 'Europe/London',
        status,
        cancel_token_hash: `${prefix}-call-${index}`,
        adviser_id: adviser.id,
        created_at: at(year, 1),
      })
      .execute();
  }
}

import { type RawBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { erasedMarker } from '#server/leads/erased.ts';
import { eraseLeadNotes } from '#server/leads/events.ts';
import type { LeadRegistry, LeadRetention } from '#server/leads/kind.ts';
import { anonymiseLeadSources } from '#server/leads/sources.ts';

// Leads that led to no engagement, kept past the retention period, as the privacy notice promises.
//
// A person's leads (enquiries, quote requests, applications, calls: matched by email address in any case)
// are one conversation with the firm. It led to an engagement when staff moved any of them to the stage
// `won`: then none of them is touched here, since the letter of engagement governs client records. Its
// last activity is the latest of: when each lead arrived, when each call ended or was cancelled, and each
// stage change, note or cancellation staff recorded on any of them. When that is older than the cut-off,
// every one of its leads is anonymised as an erasure would (data-protection.ts): it keeps its reference,
// kind, stage and dates, so the back office's counts and timelines stay whole, and loses its personal
// fields and staff notes. Leads already erased are not counted again.

export interface ExpiredLead {
  kind: LeadRetention['kind'];
  id: number;
  reference: string;
}

const later = (column: string, cutoff: string) => sql`${sql.ref(column)} >= ${cutoff}`;

/** The addresses with a lead that is won or was active since `cutoff`: their conversations are kept. */
function keptAddresses(kinds: LeadRetention[], cutoff: string): RawBuilder<unknown> {
  const perKind = kinds.map(
    ({ kind, table, activityColumns }) => sql`select lower(l.email) from ${sql.table(table)} as l
      where l.stage = 'won' or l.created_at >= ${cutoff}
        ${sql.join(
          activityColumns.map((column) => sql`or ${later(`l.${column}`, cutoff)}`),
          sql` `,
        )}
        or exists (select 1 from lead_events as e
          where e.lead_kind = ${kind} and e.lead_id = l.id and e.created_at >= ${cutoff})`,
  );
  return sql.join(perKind, sql` union `);
}

/** Every lead of every kind whose conversation ended before `cutoff` without an engagement. */
export async function findExpiredLeads(db: Db, leadKinds: LeadRegistry, cutoff: Date) {
  const kinds = leadKinds.flatMap(({ retention }) => (retention ? [retention] : []));
  const at = cutoff.toISOString();
  const kept = keptAddresses(kinds, at);
  const found: ExpiredLead[] = [];
  const addresses = new Set<string>();
  for (const { kind, table } of kinds) {
    const { rows } = await sql<{ id: number; reference: string; email: string }>`select id, reference, email
      from ${sql.table(table)}
      where email <> ${erasedMarker} and lower(email) not in (${kept})
      order by id`.execute(db);
    found.push(...rows.map((row) => ({ kind, id: Number(row.id), reference: row.reference })));
    for (const row of rows) addresses.add(row.email.trim().toLowerCase());
  }
  return { kinds, found, addresses };
}

/**
 * Anonymises those leads and blanks the staff notes on them; answers them, their people's addresses, and
 * how many of each table.
 */
export async function anonymiseExpiredLeads(trx: Db, leadKinds: LeadRegistry, cutoff: Date, now: Date) {
  const { kinds, found, addresses } = await findExpiredLeads(trx, leadKinds, cutoff);
  const idsOf = (kind: LeadRetention['kind']) => found.filter((lead) => lead.kind === kind).map((l) => l.id);
  for (const { kind, anonymise } of kinds) await anonymise(trx, idsOf(kind), now);
  const notes = await eraseLeadNotes(
    trx,
    kinds.map(({ kind }) => [kind, idsOf(kind)]),
    erasedMarker,
  );
  for (const { kind } of kinds) await anonymiseLeadSources(trx, kind, idsOf(kind));
  const counts: Record<string, number> = {};
  for (const { kind, table } of kinds) counts[table] = idsOf(kind).length;
  return { leads: found, addresses, counts: { ...counts, notes } };
}

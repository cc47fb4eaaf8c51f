import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { LeadRegistry } from '#server/leads/kind.ts';
import type { LeadCount } from '#shared/api/back-office-overview.ts';

/** How many of each kind of lead there are, and when the newest arrived (indexed counts, no row loads). */
export async function leadSummary(
  db: Kysely<Database>,
  leadKinds: LeadRegistry,
  now: Date,
): Promise<LeadCount[]> {
  const lines = leadKinds
    .flatMap((kind) => kind.lists.map((list) => list.summary))
    .sort((a, b) => a.place - b.place);
  return Promise.all(
    lines.map(async ({ label, path, count }) => ({ label, path, ...(await count(db, now)) })),
  );
}

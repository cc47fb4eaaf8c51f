import type { Db } from '#server/db/database.ts';
import { defaultProposalSettings, type ProposalSettings, proposalSettingsSchema } from '#shared/proposals.ts';

// The owner's choices for proposals (proposal_settings, one row, id 1): the defaults until saved.

export async function proposalSettings(db: Db): Promise<ProposalSettings> {
  const row = await db
    .selectFrom('proposal_settings')
    .select('settings')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return defaultProposalSettings;
  const read = proposalSettingsSchema.safeParse(JSON.parse(row.settings));
  return read.success ? read.data : defaultProposalSettings;
}

export async function saveProposalSettings(db: Db, settings: ProposalSettings, now: Date) {
  const values = { settings: JSON.stringify(settings), updated_at: now.toISOString() };
  await db
    .insertInto('proposal_settings')
    .values({ id: 1, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}

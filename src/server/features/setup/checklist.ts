import { isDeepStrictEqual } from 'node:util';
import type { Db } from '#server/db/database.ts';
import { demoFirmDetails } from '#server/features/firm/index.ts';
import { type SetupStep, setupSteps } from '#shared/api/setup.ts';
import type { FirmDetails } from '#shared/firm-details.ts';

export interface ChecklistFacts {
  /** Whether the forms carry a bot check (CAPTCHA_PROVIDER is not `none`). */
  botCheckOn: boolean;
  /** Whether the site takes its own backups (SQLite with BACKUP_DIR); else an owner says they are in place. */
  backupsTakenBySite: boolean;
  /** Whether mail leaves the machine (SMTP_URL); without it every email is only written to a file. */
  mailServer: boolean;
}

export interface ChecklistStep {
  step: SetupStep;
  done: boolean;
  confirmedBy: 'site' | 'owner';
}

/** The steps an owner says are done, because the site cannot see them: an email arriving, backups it does not take. */
export const ownerConfirms = (step: SetupStep, facts: ChecklistFacts) =>
  step === 'test-email' || (step === 'backups' && !facts.backupsTakenBySite);

/**
 * Where a new site has got to: the firm's own details (the demo seed's do not count), an
 * adviser who takes calls, a test email that arrived, the bot check and backups. Read from what the site
 * holds (`firm`: the details this instance serves, kept in step with the database), so the checklist is
 * right on every instance and after a restart.
 */
export async function readChecklist(
  db: Db,
  facts: ChecklistFacts,
  firm: FirmDetails | undefined,
): Promise<ChecklistStep[]> {
  const confirmed = new Set(
    (
      await db
        .selectFrom('audit_log')
        .select('subject')
        .where('action', '=', 'setup.step-confirmed')
        .execute()
    ).map((row) => row.subject),
  );
  const adviser = await db
    .selectFrom('advisers')
    .select('id')
    .where('status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  const siteSays: Record<SetupStep, boolean> = {
    firm: firm !== undefined && !isDeepStrictEqual(firm, demoFirmDetails()),
    adviser: adviser !== undefined,
    'test-email': false,
    'bot-check': facts.botCheckOn,
    backups: facts.backupsTakenBySite,
  };
  return setupSteps.map((step) => {
    const byOwner = ownerConfirms(step, facts);
    return {
      step,
      done: byOwner ? confirmed.has(step) : siteSays[step],
      confirmedBy: byOwner ? 'owner' : 'site',
    };
  });
}

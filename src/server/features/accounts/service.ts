import type { Kysely } from 'kysely';
import type { BotCheck } from '#server/captcha/index.ts';
import type { Database } from '#server/db/schema.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { createOwnSessions } from './own-sessions.ts';
import { createPasswordLinks } from './password-links.ts';
import { createSignIn } from './sign-in.ts';
import { createStaffAccounts } from './staff-accounts.ts';

export interface AccountServiceOptions {
  db: Kysely<Database>;
  publicUrl: URL;
  /**
   * Checks the proof of work an attempt on an account under attack must carry (ALTCHA, action `signin`).
   * Without it (the command-line tools, which never sign anyone in) no such attempt passes.
   */
  signInProof?: Pick<BotCheck, 'verify'>;
  now: () => Date;
  /** The firm of the moment, whose name the emails give. */
  firm: () => SiteFirm;
}

/** Staff accounts, signing in, sessions and password links, as one service for the routes and tools. */
export function createAccountService({ db, publicUrl, signInProof, now, firm }: AccountServiceOptions) {
  const { issueToken, ...passwordLinks } = createPasswordLinks({ db, now, firm, publicUrl });
  return {
    ...createStaffAccounts({ db, now, firm, issueToken }),
    ...createSignIn({ db, now, firm, signInProof }),
    ...createOwnSessions({ db, now, firm }),
    ...passwordLinks,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

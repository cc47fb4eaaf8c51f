import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';
import { altchaCheck } from './altcha.ts';
import { siteverifyCheck } from './siteverify.ts';
import { type BotCheck, passed } from './types.ts';

export type { BotCheck, BotCheckResult } from './types.ts';

/** The bot check CAPTCHA_PROVIDER chose. */
export function createBotCheck(config: Config, db: Kysely<Database>, now: Clock): BotCheck {
  const { captcha } = config;
  switch (captcha.provider) {
    case 'altcha':
      return altchaCheck({ db, secret: config.sessionSecret, now });
    case 'recaptcha':
    case 'turnstile':
      return siteverifyCheck({ ...captcha, hostname: config.publicUrl.hostname });
    case 'none':
      // Outside production only (config refuses it there); main.ts says so loudly at start.
      return { publicSettings: { provider: 'none' }, verify: async () => passed };
  }
}

/**
 * The proof of work a sign-in must carry while its account is under attack: ALTCHA whatever the forms use,
 * since it has no third party to reach and its point is to make each guess cost the guesser time.
 */
export function createSignInProof(config: Config, db: Kysely<Database>, now: Clock): BotCheck {
  return altchaCheck({ db, secret: config.sessionSecret, now });
}

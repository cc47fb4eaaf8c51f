import type { Challenge } from 'altcha-lib';
import type { BotCheckAction, BotCheckPublicSettings } from '#shared/bot-check.ts';

export type BotCheckResult = { passed: true } | { passed: false; reason: string };

/** One bot check, whichever provider is behind it. */
export interface BotCheck {
  publicSettings: BotCheckPublicSettings;
  /** ALTCHA only: a new signed challenge for an action. */
  challenge?: (action: BotCheckAction) => Promise<Challenge>;
  verify(token: string, action: BotCheckAction, ipAddress: string): Promise<BotCheckResult>;
}

export const passed: BotCheckResult = { passed: true };
export const failed = (reason: string): BotCheckResult => ({ passed: false, reason });

import type { BotCheckPublicSettings } from '#shared/bot-check.ts';
import { postForm, TimedOut } from './post-form.ts';
import { type BotCheck, failed, passed } from './types.ts';

export interface SiteverifyOptions {
  provider: 'recaptcha' | 'turnstile';
  siteKey: string;
  secretKey: string;
  verifyUrl: string;
  /** The site's own host name: a token made on another site is refused. */
  hostname: string;
  /** reCAPTCHA v3 only: the lowest score taken for a person. */
  minScore?: number;
  timeoutMs?: number;
}

interface SiteverifyAnswer {
  success?: unknown;
  action?: unknown;
  hostname?: unknown;
  score?: unknown;
  'error-codes'?: unknown;
}

/**
 * reCAPTCHA v3 and Cloudflare Turnstile share one protocol: POST the secret, the token and the visitor's
 * address to siteverify, and read {success, action, hostname, score?, error-codes}. A provider that does
 * not answer in time fails the check: a form is better refused than opened to bots.
 */
export function siteverifyCheck(options: SiteverifyOptions): BotCheck {
  const publicSettings: BotCheckPublicSettings = { provider: options.provider, siteKey: options.siteKey };
  return {
    publicSettings,
    async verify(token, action, ipAddress) {
      if (!token || token.length > 10_000) return failed('no token');
      let answer: SiteverifyAnswer;
      try {
        const response = await postForm(
          options.verifyUrl,
          { secret: options.secretKey, response: token, remoteip: ipAddress },
          { timeoutMs: options.timeoutMs ?? 5000 },
        );
        if (response.status < 200 || response.status > 299) {
          return failed(`siteverify answered ${response.status}`);
        }
        answer = Object(JSON.parse(response.body)) as SiteverifyAnswer;
      } catch (error) {
        return failed(
          error instanceof TimedOut ? 'siteverify timed out' : 'siteverify unreachable or unreadable',
        );
      }
      if (answer.success !== true) {
        const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].join(', ') : 'none given';
        return failed(`siteverify refused the token (${codes})`);
      }
      if (answer.action !== action) return failed(`token for action ${String(answer.action)}`);
      if (answer.hostname !== options.hostname) return failed(`token made on ${String(answer.hostname)}`);
      if (options.minScore !== undefined) {
        if (typeof answer.score !== 'number' || answer.score < options.minScore) {
          return failed(`score ${String(answer.score)} below ${options.minScore}`);
        }
      }
      return passed;
    },
  };
}

import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import { fetch } from 'undici';
import type { Db } from '#server/db/database.ts';
import { guardedDispatcher, type HostLookup, refusedAsPrivate } from '#server/features/calendars/index.ts';
import { createPoller } from '#server/jobs/poller.ts';
import { defaultMaxAttempts, retryDelayMs } from '#server/mail/worker.ts';
import type { Clock } from '#server/time/clock.ts';
import { signatureHeader } from '#shared/handover.ts';
import {
  claimDueDeliveries,
  markDelivered,
  markDeliveryFailed,
  renewDeliveryLease,
  type WebhookDelivery,
} from './webhook-deliveries.ts';
import { signingSecret, webhookTarget } from './webhook-settings.ts';

/**
 * The signature header's value, as Stripe signs: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`
 * under the signing secret. The time is inside what is signed, so a receiver that refuses an old `t`
 * cannot be sent a recorded delivery again.
 */
export function webhookSignature(secret: string, body: string, at: Date) {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export interface WebhookSenderOptions {
  db: Db;
  log: Logger;
  /** SESSION_SECRET, from which the signing secret is derived (webhook-settings.ts). */
  sessionSecret: string;
  now: Clock;
  /** Refuse connections to private addresses (production), as calendars' are. */
  refusePrivateHosts: boolean;
  lookup?: HostLookup;
  pollIntervalMs?: number;
  leaseMs?: number;
  /** The delay before the second try; it doubles with each try after that, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  requestTimeoutMs?: number;
}

export interface WebhookSender {
  start(): void;
  /** Looks for due deliveries now, e.g. right after an acceptance's commit. */
  kick(): void;
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Why a try failed, in words the owner's screen shows; never the body, which names the client. */
function explain(error: unknown, timeoutMs: number) {
  if (refusedAsPrivate(error))
    return 'The webhook’s address is on a private network, which the site does not send to.';
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return `The receiver did not answer within ${timeoutMs / 1000} seconds.`;
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  if (code === 'ECONNREFUSED') return 'Could not reach the receiver: it refused the connection.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return 'Could not reach the receiver: its host name was not found.';
  if (code?.startsWith('CERT_') || code?.includes('SELF_SIGNED') || code?.includes('TLS'))
    return 'Could not reach the receiver: its certificate was not accepted.';
  return 'Could not reach the receiver.';
}

/**
 * Delivers the queued webhook calls (webhook-deliveries.ts): each POSTed as JSON to the owner's address,
 * signed, with its delivery id for the receiver to ignore a repeat. A 2xx answer is delivered; anything
 * else is tried again, 30 s doubling apart up to six hours, ten tries in all, as mail is.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const {
    db,
    log,
    sessionSecret,
    now,
    pollIntervalMs = 5000,
    leaseMs = 60_000,
    baseDelayMs = 30_000,
    maxDelayMs = 6 * 60 * 60_000,
    maxAttempts = defaultMaxAttempts,
    requestTimeoutMs = 15_000,
  } = options;
  const network = { refusePrivateHosts: options.refusePrivateHosts, lookup: options.lookup };

  /** Sends one delivery; throws the reason in words when it was not taken. */
  async function send(delivery: WebhookDelivery) {
    const target = await webhookTarget(db);
    if (!target.url) throw new Error('No webhook address is set: set one on the Webhook screen.');
    if (!target.secret_salt)
      throw new Error('No signing secret has been made: make one on the Webhook screen.');
    const dispatcher = guardedDispatcher(network);
    let status: number;
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'practice-site webhook',
          [signatureHeader]: webhookSignature(
            signingSecret(sessionSecret, target.secret_salt),
            delivery.body,
            now(),
          ),
          'x-practice-site-delivery': String(delivery.id),
        },
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(requestTimeoutMs),
        ...(dispatcher && { dispatcher }),
      });
      await response.body?.cancel();
      status = response.status;
    } catch (error) {
      throw new Error(explain(error, requestTimeoutMs));
    }
    if (status < 200 || status > 299) throw new Error(`The receiver answered ${status}.`);
  }

  async function pass() {
    let handled = 0;
    for (const delivery of await claimDueDeliveries(db, 10, leaseMs, now())) {
      const renewal = setInterval(() => {
        renewDeliveryLease(db, delivery.id, leaseMs, now()).catch(() => {});
      }, leaseMs / 3);
      renewal.unref();
      try {
        await send(delivery);
        await markDelivered(db, delivery.id, now());
        log.info({ webhookDelivery: delivery.id, attempt: delivery.attempts }, 'webhook delivered');
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const retryAt =
          delivery.attempts >= maxAttempts
            ? null
            : new Date(now().getTime() + retryDelayMs(delivery.attempts, baseDelayMs, maxDelayMs));
        await markDeliveryFailed(db, delivery.id, reason, retryAt, now());
        log[retryAt ? 'warn' : 'error'](
          { webhookDelivery: delivery.id, attempt: delivery.attempts, retryAt, reason },
          'webhook not delivered',
        );
      } finally {
        clearInterval(renewal);
      }
      handled += 1;
    }
    return handled;
  }

  const poller = createPoller(pass, { pollIntervalMs, log, what: 'webhook' });
  return { start: poller.start, kick: poller.kick, runOnce: poller.runOnce, stop: poller.stop };
}

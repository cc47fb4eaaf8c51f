import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { recordAudit } from '#server/audit/log.ts';
import type { Database } from '#server/db/schema.ts';
import { namesPrivateHost, reachesPrivateHost } from '#server/features/calendars/index.ts';
import { derivedToken } from '#server/tokens.ts';
import type { WebhookSettings } from '#shared/api/back-office-handover.ts';
import { handoverMessages } from '#shared/handover.ts';

// The owner's webhook (migration 047's one row, id 1): where each accepted proposal is sent, and the salt
// its signing secret is derived from. The secret is derivedToken(SESSION_SECRET, 'webhook', salt): shown
// to the owner once when made, computed again for each delivery, and never stored, so a copy of the
// database signs nothing. A new salt is a new secret, and the old one stops working at once.

type Db = Kysely<Database>;
const settingsId = 1;
const maxUrlLength = 2000;

/** The signing secret for a salt: a key only this site (holding SESSION_SECRET) can compute. */
export const signingSecret = (sessionSecret: string, salt: string) =>
  derivedToken(sessionSecret, 'webhook', salt);

/** The webhook's address and its secret's salt; nulls before an owner sets them. */
export async function webhookTarget(db: Db) {
  return (
    (await db
      .selectFrom('webhook_settings')
      .select(['url', 'secret_salt', 'secret_made_at'])
      .where('id', '=', settingsId)
      .executeTakeFirst()) ?? { url: null, secret_salt: null, secret_made_at: null }
  );
}

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The address as typed, checked: https; or http to this machine outside production only (the tests'
 * receiver on 127.0.0.1). In production a host that is, or resolves to, a private address is refused, as
 * advisers' calendars are; each delivery's connection is checked again as it is opened.
 */
export async function checkedWebhookUrl(
  typed: string,
  { production }: { production: boolean },
): Promise<{ url: string } | { problem: string }> {
  const text = typed.trim();
  if (text.length > maxUrlLength) return { problem: handoverMessages.webhookTooLong };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: handoverMessages.webhookAddress };
  }
  const testReceiver = !production && url.protocol === 'http:' && loopback.has(url.hostname);
  if (url.protocol !== 'https:' && !testReceiver) return { problem: handoverMessages.webhookHttps };
  if (url.username || url.password) return { problem: handoverMessages.webhookCredentials };
  if (production && (namesPrivateHost(url.href) || (await reachesPrivateHost(url.href))))
    return { problem: handoverMessages.webhookPrivateHost };
  return { url: url.href };
}

/** Sets the address (null: send nothing), audited. */
export async function saveWebhookUrl(db: Db, url: string | null, userId: number, now: Date) {
  await db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    await trx
      .insertInto('webhook_settings')
      .values({ id: settingsId, url, updated_by: userId, updated_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ url, updated_by: userId, updated_at: at }))
      .execute();
    // Only the host: a receiver's address often carries its own secret in its path.
    const host = url === null ? null : new URL(url).host;
    await recordAudit(trx, { userId, action: 'webhook.changed', subject: 'webhook', detail: { host } }, now);
  });
}

/** Makes a new secret (a new salt), audited; answers the secret, for the owner to see this once. */
export async function makeWebhookSecret(db: Db, sessionSecret: string, userId: number, now: Date) {
  const salt = randomBytes(16).toString('base64url');
  await db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const values = { secret_salt: salt, secret_made_at: at, updated_by: userId, updated_at: at };
    await trx
      .insertInto('webhook_settings')
      .values({ id: settingsId, url: null, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    await recordAudit(trx, { userId, action: 'webhook.secret-made', subject: 'webhook' }, now);
  });
  return signingSecret(sessionSecret, salt);
}

/** What the owner's screen shows: the address, when the secret was made, the latest deliveries. */
export async function webhookSettings(db: Db): Promise<WebhookSettings> {
  const target = await webhookTarget(db);
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .innerJoin('proposals', 'proposals.id', 'webhook_deliveries.proposal_id')
    .select([
      'proposals.reference',
      'webhook_deliveries.status',
      'webhook_deliveries.attempts',
      'webhook_deliveries.last_error',
      'webhook_deliveries.created_at',
      'webhook_deliveries.delivered_at',
    ])
    .orderBy('webhook_deliveries.id', 'desc')
    .limit(20)
    .execute();
  const iso = (at: string | null) => (at ? new Date(at).toISOString() : null);
  return {
    url: target.url,
    secretMadeAt: iso(target.secret_made_at),
    deliveries: deliveries.map((row) => ({
      reference: row.reference,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: new Date(row.created_at).toISOString(),
      deliveredAt: iso(row.delivered_at),
    })),
  };
}

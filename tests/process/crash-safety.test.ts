import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, it } from 'vitest';
import { floodSignUps } from '../support/sign-up-flood.ts';
import { startSite } from '../support/site.ts';
import { waitUntil } from '../support/wait.ts';

// The flood comes from one address; lift the per-address form limit so every request reaches the database.
const env = { RATE_LIMIT_PER_MINUTE: '1000000' };

it('keeps every sign-up it acknowledged through a SIGKILL, and mails each one confirmation', async () => {
  const first = await startSite(env);
  const { accepted, loops } = floodSignUps(first, 16);
  await waitUntil(() => accepted.length >= 300, {
    timeoutMs: 30_000,
    intervalMs: 100,
    what: () => `${accepted.length} sign-ups accepted`,
  });
  await first.kill(); // mid-flood: requests in flight, mail being sent
  await loops;
  const acknowledged = [...accepted];

  const second = await startSite(env, { dataDir: first.dataDir, smtp: first.smtp });
  try {
    const db = new SQLite(path.join(first.dataDir, 'site.db'), { readonly: true });
    const stored = new Set(
      db.prepare("select email from subscribers where status = 'pending'").pluck().all() as string[],
    );
    db.close();
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);

    // Mail the crash interrupted waits out its lease (15 s) and then goes.
    const smtp = second.smtp;
    const recipients = () => new Set(smtp.messages.flatMap((m) => m.to));
    await waitUntil(() => acknowledged.every((email) => recipients().has(email)), {
      timeoutMs: 40_000,
      intervalMs: 100,
      what: () => {
        const missing = acknowledged.filter((email) => !recipients().has(email));
        return `${missing.length} confirmations missing (${missing.slice(0, 3).join(', ')}…)`;
      },
    });
    const confirmations = smtp.messages.filter((m) => m.to[0]?.startsWith('flood-'));
    expect(confirmations.every((m) => m.parsed.subject?.startsWith('Please confirm your subscription'))).toBe(
      true,
    );
    // Each address has one email. What the SMTP server took before the rows were marked sent goes again
    // with the same Message-ID, which mail clients show once: at most the sent messages waiting for their
    // batched mark (20) and one being sent on each of the 5 connections.
    const messageIds = new Map<string, Set<string>>();
    for (const mail of confirmations) {
      const ids = messageIds.get(mail.to[0] as string) ?? new Set();
      messageIds.set(mail.to[0] as string, ids.add(mail.parsed.messageId ?? ''));
    }
    expect([...messageIds.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    expect(confirmations.length - messageIds.size).toBeLessThanOrEqual(20 + 5);
  } finally {
    await second.stop();
  }
}, 120_000);

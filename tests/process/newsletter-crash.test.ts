import path from 'node:path';
import PostalMime from 'postal-mime';
import { expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { createTestDatabase, describeEachDatabase } from '../support/databases.ts';
import { addresses, seedSubscribers, startedCampaign } from '../support/newsletter.ts';
import { startSite } from '../support/site.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { waitUntil } from '../support/wait.ts';

// A campaign to 2,000 subscribers through a real SMTP server, with the site SIGKILLed mid-send and
// started again: every confirmed subscriber gets it exactly once, and nobody else gets it.
//
// One window is unavoidable with any remote mail server: it accepted a message and the process died
// before recording that. The test makes the kill deterministic rather than lucky: the server stops
// replying after `acceptedBeforeKill` messages (the next one waits, neither accepted nor refused), the
// test waits until the site has recorded every message the server did accept, then kills it, and the
// server drops the message it held. The held message is sent again after the restart, with the same
// Message-ID, so even had the server kept it a mail program would show it once
// (docs/decisions/016-newsletter-delivery.md).

const confirmed = addresses('reader', 2000);
const acceptedBeforeKill = 700;
const subject = 'The February issue';
describeEachDatabase('a campaign through a crash', (kind) => {
  it('sends a campaign to 2,000 confirmed subscribers exactly once across a SIGKILL, and to no one else', async () => {
    const postgres = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
    const env = { NEWSLETTER_RATE_PER_MINUTE: '0', ...(postgres && { DATABASE_URL: postgres.url }) };
    const smtp = await startSmtpServer(0, { holdAfter: acceptedBeforeKill });
    const first = await startSite(env, { smtp });
    const db = createDatabase(
      loadConfig({ DATABASE_URL: postgres?.url ?? `sqlite:${path.join(first.dataDir, 'site.db')}` }).database,
    );
    let second: Awaited<ReturnType<typeof startSite>> | undefined;
    try {
      await seedSubscribers(db, 'confirmed', confirmed);
      await seedSubscribers(db, 'pending', addresses('pending', 20));
      await seedSubscribers(db, 'unsubscribed', addresses('left', 20));
      await seedSubscribers(db, 'bouncing', addresses('bouncing', 10));
      await startedCampaign(db, subject);

      await waitUntil(() => smtp.held().length > 0, {
        timeoutMs: 90_000,
        intervalMs: 50,
        what: () => `${smtp.messages.length} messages accepted, none held yet`,
      });
      /** How many of the campaign's messages the outbox holds with `status`. */
      const newsletterMessages = async (status: 'sent' | 'pending') =>
        Number(
          (
            await db
              .selectFrom('outbox_messages')
              .select((eb) => eb.fn.countAll<number>().as('count'))
              .where('kind', '=', 'newsletter')
              .where('status', '=', status)
              .executeTakeFirstOrThrow()
          ).count,
        );
      await waitUntil(async () => (await newsletterMessages('sent')) === smtp.messages.length, {
        timeoutMs: 10_000,
        what: () => `the site to record the ${smtp.messages.length} messages the server accepted`,
      });
      const [heldRaw] = smtp.held();
      const held = await PostalMime.parse(heldRaw as string);
      await first.kill();
      smtp.dropHeld();
      // What the killed process had claimed waits out its lease (15 s) before another process takes it;
      // releasing the leases of the dead process stands for that wait.
      await db
        .updateTable('outbox_messages')
        .set({ locked_until: null })
        .where('status', '=', 'pending')
        .execute();
      await db.updateTable('campaigns').set({ locked_until: null }).execute();

      second = await startSite(env, { dataDir: first.dataDir, smtp });
      const received = () => smtp.messages.filter((m) => m.parsed.subject === subject);
      // Once the campaign is marked sent and no message of it is left to send, nothing more can arrive.
      const campaignStatus = async () =>
        (await db.selectFrom('campaigns').select('status').executeTakeFirstOrThrow()).status;
      await waitUntil(
        async () => (await campaignStatus()) === 'sent' && (await newsletterMessages('pending')) === 0,
        {
          timeoutMs: 150_000,
          intervalMs: 200,
          what: () => `${received().length} of ${confirmed.length} delivered`,
        },
      );

      const recipients = received().flatMap((m) => m.to);
      expect(recipients.length).toBe(confirmed.length);
      expect([...new Set(recipients)].sort()).toEqual(confirmed);

      // The held message was sent again after the restart as the same message, Message-ID and all.
      const resent = received().find((m) => m.to[0] === held.to?.[0]?.address);
      expect(resent?.parsed.messageId).toBe(held.messageId);
      expect(held.messageId).toMatch(/^<outbox-\d+-\d+@127\.0\.0\.1>$/);
      // Nobody off the list got it: every recipient above is a confirmed subscriber.
    } finally {
      await db.destroy();
      if (second) await second.stop();
      else await first.stop();
      await postgres?.drop();
    }
  }, 300_000);
});

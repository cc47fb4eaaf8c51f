import type { Selectable } from 'kysely';
import { recordAudit } from '#server/audit/log.ts';
import type { Db } from '#server/db/database.ts';
import type { CampaignTable } from '#server/db/schema.ts';
import { bouncingAfterRefusals, type MailingListMailSettings } from '#server/features/mailing-list/index.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { zonedTimeToUtc } from '#server/time/zoned-time.ts';
import { newToken } from '#server/tokens.ts';
import type { Campaign } from '#shared/api/back-office-newsletter.ts';
import { unsubscribePage } from '#shared/api/mailing-list.ts';
import { newsletterArchivePath, testSendsPerMinute } from '#shared/newsletter.ts';
import { firmTimeZone } from '#shared/site-firm.ts';
import { completeFor, dayInWords, renderCampaign } from './campaign-email.ts';
import { type ArticleSource, campaignContent, loadCampaign } from './content.ts';
import { listId } from './mail-preparer.ts';

export interface NewsletterServiceOptions {
  db: Db;
  mail: MailingListMailSettings;
  articleSource?: ArticleSource;
  now: () => Date;
}

export interface CampaignInput {
  subject: string;
  bodyMarkdown: string;
  articleId?: number | null | undefined;
}

type Row = Selectable<CampaignTable>;

const emptyProgress = { recipients: 0, queued: 0, sent: 0, failed: 0, skipped: 0 };

/** "Quarter-end reminders & VAT" → "quarter-end-reminders-vat" */
function slugOf(subject: string) {
  const words = subject
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return words || 'issue';
}

export function createNewsletterService({ db, mail, articleSource, now }: NewsletterServiceOptions) {
  const archiveUrl = (row: Row) =>
    row.status === 'sent' ? new URL(`${newsletterArchivePath}/${row.slug}`, mail.publicUrl).href : null;

  async function progressOf(ids: number[]) {
    const progress = new Map<number, typeof emptyProgress>();
    if (ids.length === 0) return progress;
    const rows = await db
      .selectFrom('campaign_recipients')
      .select(['campaign_id', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('campaign_id', 'in', ids)
      .groupBy(['campaign_id', 'status'])
      .execute();
    for (const row of rows) {
      const counts = progress.get(row.campaign_id) ?? { ...emptyProgress };
      counts[row.status] = Number(row.count);
      counts.recipients += Number(row.count);
      progress.set(row.campaign_id, counts);
    }
    return progress;
  }

  async function toCampaigns(rows: Row[]): Promise<Campaign[]> {
    const progress = await progressOf(rows.map((r) => r.id));
    const authorIds = [...new Set(rows.map((r) => r.created_by).filter((id): id is number => id !== null))];
    const authors = new Map(
      authorIds.length === 0
        ? []
        : (await db.selectFrom('users').select(['id', 'email']).where('id', 'in', authorIds).execute()).map(
            (u) => [u.id, u.email],
          ),
    );
    return rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      bodyMarkdown: row.body_markdown,
      articleId: row.article_id,
      status: row.status,
      scheduledFor: row.scheduled_for,
      startedAt: row.started_at,
      sentAt: row.sent_at,
      createdBy: row.created_by === null ? null : (authors.get(row.created_by) ?? null),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      archiveUrl: archiveUrl(row),
      progress: progress.get(row.id) ?? { ...emptyProgress },
    }));
  }

  const one = async (id: number) => {
    const row = await loadCampaign(db, id);
    return row ? (await toCampaigns([row]))[0] : undefined;
  };

  /** The campaign's email drawn with a sample reader's details: what a preview and a test show. */
  async function sample(row: Row) {
    const rendered = await renderCampaign(
      mail.firm(),
      await campaignContent(row, articleSource),
      mail.publicUrl.origin,
    );
    return {
      subject: rendered.subject,
      ...completeFor(rendered, {
        unsubscribeUrl: new URL(unsubscribePage.path, mail.publicUrl).href,
        signedUpOn: dayInWords(now().toISOString()),
      }),
    };
  }

  async function confirmedSubscribers() {
    const row = await db
      .selectFrom('subscribers')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'confirmed')
      .where('refusals', '<', bouncingAfterRefusals)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  return {
    async list() {
      const rows = await db.selectFrom('campaigns').selectAll().orderBy('id', 'desc').limit(200).execute();
      return { items: await toCampaigns(rows), confirmedSubscribers: await confirmedSubscribers() };
    },

    get: one,

    async create(input: CampaignInput, userId: number) {
      const at = now().toISOString();
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('campaigns')
          .values({
            slug: `draft-${newToken()}`,
            subject: input.subject,
            body_markdown: input.bodyMarkdown,
            article_id: input.articleId ?? null,
            status: 'draft',
            created_by: userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, { userId, action: 'campaign.created', subject: input.subject }, now());
        return row.id;
      });
      return (await one(id)) as Campaign;
    },

    async update(id: number, input: CampaignInput, userId: number) {
      const at = now().toISOString();
      const outcome = await db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('campaigns')
          .set({
            subject: input.subject,
            body_markdown: input.bodyMarkdown,
            ...(input.articleId !== undefined && { article_id: input.articleId }),
            updated_at: at,
          })
          .where('id', '=', id)
          .where('status', '=', 'draft')
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return 'not-draft';
        await recordAudit(trx, { userId, action: 'campaign.changed', subject: input.subject }, now());
        return 'changed';
      });
      if (outcome === 'not-draft') return (await loadCampaign(db, id)) ? 'not-draft' : 'unknown';
      return (await one(id)) as Campaign;
    },

    async preview(id: number) {
      const row = await loadCampaign(db, id);
      return row ? sample(row) : undefined;
    },

    /** The email to the member of staff's own address only, at most a few a minute each. */
    async sendTest(id: number, staff: { id: number; email: string }) {
      const row = await loadCampaign(db, id);
      if (!row) return 'unknown';
      const drawn = await sample(row);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const recent = await trx
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('action', '=', 'campaign.test-sent')
          .where('user_id', '=', staff.id)
          .where('created_at', '>', new Date(at.getTime() - 60_000).toISOString())
          .executeTakeFirstOrThrow();
        if (Number(recent.count) >= testSendsPerMinute) return 'too-many';
        await enqueueMail(
          trx,
          'newsletter-test',
          {
            to: staff.email,
            subject: `[Test] ${drawn.subject}`,
            text: drawn.text,
            html: drawn.html,
            headers: { 'List-ID': listId(mail.publicUrl.hostname) },
          },
          at,
        );
        await recordAudit(trx, { userId: staff.id, action: 'campaign.test-sent', subject: row.subject }, at);
        return 'sent';
      });
    },

    /**
     * Sends a draft now or at `localTime` (in the firm's time zone). Only a draft changes, in one
     * conditional update, so a double click or a second instance cannot start it twice; and only the
     * version the owner read (`seen`, its `updatedAt`), so a member of staff's later save is not sent
     * unread.
     */
    async send(id: number, localTime: string | undefined, seen: string, userId: number) {
      const at = now();
      let when: Date | undefined;
      if (localTime) {
        const [date, time] = localTime.split('T') as [string, string];
        const [year, month, day] = date.split('-').map(Number) as [number, number, number];
        const [hour, minute] = time.split(':').map(Number) as [number, number];
        when = zonedTimeToUtc({ year, month: month - 1, day }, hour, minute, firmTimeZone);
        if (Number.isNaN(when.getTime()) || when.getTime() <= at.getTime()) return 'past';
      }
      const row = await loadCampaign(db, id);
      if (!row) return 'unknown';
      const recipients = await confirmedSubscribers();
      const outcome = await db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('campaigns')
          .set({
            status: when ? 'scheduled' : 'sending',
            scheduled_for: when?.toISOString() ?? null,
            started_at: when ? null : at.toISOString(),
            slug: `${slugOf(row.subject)}-${row.id}`,
            updated_at: at.toISOString(),
          })
          .where('id', '=', id)
          .where('status', '=', 'draft')
          .where('updated_at', '=', new Date(seen).toISOString())
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) {
          const current = await loadCampaign(trx, id);
          return current?.status === 'draft' ? 'changed' : 'already';
        }
        await recordAudit(
          trx,
          when
            ? {
                userId,
                action: 'campaign.scheduled',
                subject: row.subject,
                detail: { at: when.toISOString() },
              }
            : { userId, action: 'campaign.sending', subject: row.subject, detail: { recipients } },
          at,
        );
        return 'started';
      });
      if (outcome !== 'started') return outcome;
      return (await one(id)) as Campaign;
    },

    async cancel(id: number, userId: number) {
      const at = now();
      const row = await loadCampaign(db, id);
      if (!row) return 'unknown';
      const outcome = await db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('campaigns')
          .set({ status: 'cancelled', cancelled_at: at.toISOString(), updated_at: at.toISOString() })
          .where('id', '=', id)
          .where('status', 'in', ['draft', 'scheduled'])
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return 'not-cancellable';
        await recordAudit(trx, { userId, action: 'campaign.cancelled', subject: row.subject }, at);
        return 'cancelled';
      });
      if (outcome === 'not-cancellable') return outcome;
      return (await one(id)) as Campaign;
    },

    /** The issues sent, newest first, for the public archive. */
    async archive() {
      return db
        .selectFrom('campaigns')
        .select(['slug', 'subject', 'sent_at', 'started_at'])
        .where('status', '=', 'sent')
        .orderBy('sent_at', 'desc')
        .execute();
    },

    /** One sent issue by its slug, with what it says; undefined for anything not sent. */
    async issue(slug: string) {
      const row = await db
        .selectFrom('campaigns')
        .selectAll()
        .where('slug', '=', slug)
        .where('status', '=', 'sent')
        .executeTakeFirst();
      if (!row) return undefined;
      return { row, content: await campaignContent(row, articleSource) };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;

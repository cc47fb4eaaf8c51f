import type { Kysely } from 'kysely';
import type { AuditAction, AuditKind } from '#shared/audit.ts';
import type { Database } from '../db/schema.ts';

export type { AuditAction };

/** The list each action is shown in: anything a caller who is not signed in can set off is `sign-in`. */
const kindOf: Record<AuditAction, AuditKind> = {
  'sign-in.succeeded': 'sign-in',
  'sign-in.failed': 'sign-in',
  'sign-in.throttled': 'sign-in',
  'signed-out': 'sign-in',
  'password.reset-link-sent': 'sign-in',
  'password.set': 'sign-in',
  'staff.invited': 'staff',
  'staff.disabled': 'staff',
  'staff.enabled': 'staff',
  'staff.role-changed': 'staff',
  'staff.renamed': 'staff',
  'staff.availability-changed': 'staff',
  'price-list.saved': 'staff',
  'instant-quote.changed': 'staff',
  'due-diligence.saved': 'staff',
  'due-diligence.completed': 'staff',
  'webhook.changed': 'staff',
  'webhook.secret-made': 'staff',
  'terms.saved': 'staff',
  'session.ended': 'sign-in',
  'availability.changed': 'staff',
  'firm.changed': 'staff',
  'firm.logo-changed': 'staff',
  'firm.logo-removed': 'staff',
  'firm.hero-changed': 'staff',
  'firm.hero-removed': 'staff',
  'firm.badge-added': 'staff',
  'firm.badge-removed': 'staff',
  'setup.test-email-sent': 'staff',
  'setup.step-confirmed': 'staff',
  'blocked-date.added': 'staff',
  'blocked-date.removed': 'staff',
  'data.exported': 'staff',
  'data.erased': 'staff',
  'data.retention-applied': 'staff',
  'subscriber.unsubscribed': 'staff',
  'subscriber.confirmation-resent': 'staff',
  'adviser.added': 'staff',
  'adviser.changed': 'staff',
  'adviser.hours-changed': 'staff',
  'adviser.activated': 'staff',
  'adviser.deactivated': 'staff',
  'adviser.blocked-date.added': 'staff',
  'adviser.blocked-date.removed': 'staff',
  'adviser.calendar-connected': 'staff',
  'adviser.calendar-disconnected': 'staff',
  'article.created': 'staff',
  'article.saved': 'staff',
  'article.scheduled': 'staff',
  'article.published': 'staff',
  'article.unpublished': 'staff',
  'article.cover-changed': 'staff',
  'article.revision-saved': 'staff',
  'article.revision-published': 'staff',
  'article.revision-discarded': 'staff',
  'campaign.created': 'staff',
  'campaign.changed': 'staff',
  'campaign.test-sent': 'staff',
  'campaign.sending': 'staff',
  'campaign.scheduled': 'staff',
  'campaign.cancelled': 'staff',
  'page.created': 'staff',
  'page.scheduled': 'staff',
  'page.published': 'staff',
  'page.restored': 'staff',
  'page.moved': 'staff',
  'page.nav-changed': 'staff',
  'page.removed': 'staff',
};

export interface AuditEntry {
  /** Who acted: null when nobody is signed in (a failed sign-in). */
  userId: number | null;
  action: AuditAction;
  /** What it was done to: an email address, a date, a setting. */
  subject: string;
  detail?: unknown;
}

/**
 * Records who did what to whom, and when; kept when the data it is about has been erased. Pass the
 * transaction that makes the change, so the change and its entry are stored together or not at all.
 * Nothing in the app edits or deletes an entry, except that erasing a person's data replaces their
 * address in the entries that name it by a pseudonym (audit/personal-data.ts).
 */
export async function recordAudit(executor: Kysely<Database>, entry: AuditEntry, at: Date) {
  await executor
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      action: entry.action,
      kind: kindOf[entry.action],
      subject: entry.subject,
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: at.toISOString(),
    })
    .execute();
}

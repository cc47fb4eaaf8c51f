// The audit log's two lists, which the Staff screen shows apart: what staff did, and who tried to get in.

/**
 * `staff`: changes made by a signed-in member of staff (or from the command line). `sign-in`: sign-ins,
 * sign-outs and passwords, which anyone on the internet can set off, so that a flood of them can never
 * push a staff action out of sight.
 */
export const auditKinds = ['staff', 'sign-in'] as const;
export type AuditKind = (typeof auditKinds)[number];

export const auditKindLabels: Record<AuditKind, string> = {
  staff: 'Staff actions',
  'sign-in': 'Sign-ins and passwords',
};

/**
 * What a sign-in event names instead of an address that has no account: anyone can type any address (an
 * erased person's too), so such an address is not written down.
 */
export const noAccountSubject = '(no account)';

/**
 * Everything the audit log records. Sign-in and password events name the account's address (or
 * noAccountSubject);
 * the rest what the person acting changed. Each is put in words by auditSentence (audit-sentence.ts).
 */
export type AuditAction =
  | 'sign-in.succeeded'
  | 'sign-in.failed'
  | 'sign-in.throttled'
  | 'signed-out'
  | 'password.reset-link-sent'
  | 'password.set'
  | 'staff.invited'
  | 'staff.disabled'
  | 'staff.enabled'
  | 'staff.role-changed'
  | 'staff.renamed'
  | 'staff.availability-changed'
  | 'price-list.saved'
  | 'instant-quote.changed'
  | 'due-diligence.saved'
  | 'due-diligence.completed'
  | 'webhook.changed'
  | 'webhook.secret-made'
  | 'terms.saved'
  | 'session.ended'
  | 'availability.changed'
  | 'firm.changed'
  | 'firm.logo-changed'
  | 'firm.logo-removed'
  | 'firm.hero-changed'
  | 'firm.hero-removed'
  | 'firm.badge-added'
  | 'firm.badge-removed'
  | 'setup.test-email-sent'
  | 'setup.step-confirmed'
  | 'blocked-date.added'
  | 'blocked-date.removed'
  | 'data.exported'
  | 'data.erased'
  | 'data.retention-applied'
  | 'subscriber.unsubscribed'
  | 'subscriber.confirmation-resent'
  | 'adviser.added'
  | 'adviser.changed'
  | 'adviser.hours-changed'
  | 'adviser.activated'
  | 'adviser.deactivated'
  | 'adviser.blocked-date.added'
  | 'adviser.blocked-date.removed'
  | 'adviser.calendar-connected'
  | 'adviser.calendar-disconnected'
  | 'article.created'
  | 'article.saved'
  | 'article.scheduled'
  | 'article.published'
  | 'article.unpublished'
  | 'article.cover-changed'
  | 'article.revision-saved'
  | 'article.revision-published'
  | 'article.revision-discarded'
  | 'campaign.created'
  | 'campaign.changed'
  | 'campaign.test-sent'
  | 'campaign.sending'
  | 'campaign.scheduled'
  | 'campaign.cancelled'
  | 'page.created'
  | 'page.scheduled'
  | 'page.published'
  | 'page.restored'
  | 'page.moved'
  | 'page.nav-changed'
  | 'page.removed';

import { describe, expect, it } from 'vitest';
import { noAccountSubject } from './audit.ts';
import { auditSentence } from './audit-sentence.ts';

const ann = 'ann@fenwickhale.test';
const entry = (action: string, subject: string, detail: unknown = {}, by: string | null = ann) => ({
  action,
  subject,
  detail: JSON.stringify(detail),
  by,
});

describe('an audit entry as a sentence', () => {
  it('says who did what to whom for every staff action', () => {
    expect(auditSentence(entry('data.exported', 'bob@example.test'))).toBe(
      `${ann} exported the data held on bob@example.test`,
    );
    expect(auditSentence(entry('staff.invited', 'carol@fenwickhale.test'))).toBe(
      `${ann} invited carol@fenwickhale.test`,
    );
    expect(auditSentence(entry('staff.disabled', 'dave@fenwickhale.test'))).toBe(
      `${ann} disabled dave@fenwickhale.test`,
    );
    expect(auditSentence(entry('staff.enabled', 'dave@fenwickhale.test'))).toBe(
      `${ann} enabled dave@fenwickhale.test again`,
    );
    expect(auditSentence(entry('staff.role-changed', 'dave@fenwickhale.test', { role: 'owner' }))).toBe(
      `${ann} made dave@fenwickhale.test an owner`,
    );
    expect(auditSentence(entry('staff.role-changed', 'dave@fenwickhale.test', { role: 'staff' }))).toBe(
      `${ann} made dave@fenwickhale.test staff (leads and drafts)`,
    );
    expect(
      auditSentence(entry('staff.renamed', 'dave@fenwickhale.test', { from: null, name: 'Dave Ng' })),
    ).toBe(`${ann} named dave@fenwickhale.test Dave Ng`);
    expect(
      auditSentence(entry('staff.renamed', 'dave@fenwickhale.test', { from: 'Dave Ng', name: 'David Ng' })),
    ).toBe(`${ann} renamed dave@fenwickhale.test from Dave Ng to David Ng`);
    expect(auditSentence(entry('campaign.sending', 'Spring', { recipients: 1 }))).toBe(
      `${ann} sent the newsletter “Spring” to 1 confirmed subscriber`,
    );
    expect(auditSentence(entry('campaign.sending', 'Spring', { recipients: 2 }))).toBe(
      `${ann} sent the newsletter “Spring” to 2 confirmed subscribers`,
    );
    expect(auditSentence(entry('subscriber.unsubscribed', 'bob@example.test'))).toBe(
      `${ann} unsubscribed bob@example.test from the newsletter`,
    );
    expect(auditSentence(entry('subscriber.confirmation-resent', 'bob@example.test'))).toBe(
      `${ann} sent bob@example.test the newsletter confirmation again`,
    );
    expect(auditSentence(entry('availability.changed', 'availability', { callMinutes: 30 }))).toBe(
      `${ann} changed the availability for calls`,
    );
    expect(auditSentence(entry('blocked-date.added', '2026-12-23', { reason: 'Team training' }))).toBe(
      `${ann} blocked Wednesday, 23 December 2026 (Team training)`,
    );
    expect(auditSentence(entry('blocked-date.added', '2026-12-23', { reason: null }))).toBe(
      `${ann} blocked Wednesday, 23 December 2026`,
    );
    expect(auditSentence(entry('blocked-date.removed', '2026-12-23'))).toBe(
      `${ann} opened Wednesday, 23 December 2026 again`,
    );
    expect(
      auditSentence(
        entry('data.erased', '(erased abcdef123456)', { enquiries: 1, bookings: 0, auditEntries: 2 }),
      ),
    ).toBe(
      `${ann} erased the data held on (erased abcdef123456): 1 enquiry and 2 audit entries now naming a pseudonym`,
    );
    expect(
      auditSentence({
        action: 'data.retention-applied',
        subject: 'retention periods',
        detail: JSON.stringify({ months: 24, via: 'schedule', enquiries: 2, bookings: 0, sentEmails: 1 }),
        by: null,
      }),
    ).toBe(
      'The daily retention job removed what was past its retention period (leads kept 24 months after their last activity): 2 enquiries and 1 sent email',
    );
  });

  it('says when an account was changed from the command line', () => {
    expect(
      auditSentence(entry('staff.invited', 'carol@fenwickhale.test', { via: 'command line' }, null)),
    ).toBe('Someone at the command line invited carol@fenwickhale.test');
  });

  it('puts sign-ins, sign-outs and passwords in words', () => {
    expect(
      auditSentence(entry('sign-in.succeeded', ann, { session: 'browser', ipAddress: '203.0.113.9' })),
    ).toBe(`${ann} signed in`);
    expect(auditSentence(entry('sign-in.succeeded', ann, { session: 'remembered' }))).toBe(
      `${ann} signed in, staying signed in on that device`,
    );
    expect(
      auditSentence(entry('sign-in.failed', 'bob@example.test', { ipAddress: '203.0.113.9' }, null)),
    ).toBe('Someone failed to sign in as bob@example.test');
    expect(auditSentence(entry('sign-in.failed', noAccountSubject, {}, null))).toBe(
      'Someone failed to sign in with an address that has no account',
    );
    expect(
      auditSentence(
        entry(
          'sign-in.throttled',
          'bob@example.test',
          {
            reason: 'too many failures from this address on any account: it must wait',
            until: '2026-11-21T14:05:00Z',
          },
          null,
        ),
      ),
    ).toBe(
      'Sign-ins as bob@example.test were slowed down: too many failures from this address on any account: it must wait (until 21 Nov 2026, 14:05)',
    );
    expect(auditSentence(entry('signed-out', ann))).toBe(`${ann} signed out`);
    expect(
      auditSentence(
        entry('session.ended', ann, { browser: 'Firefox', startedAt: '2026-11-20T09:30:00.000Z' }),
      ),
    ).toBe(`${ann} ended a session on Firefox, signed in 20 Nov 2026, 09:30`);
    expect(auditSentence(entry('password.reset-link-sent', ann, {}, null))).toBe(
      `A link to set a new password was sent to ${ann}`,
    );
    expect(auditSentence(entry('password.set', ann, { link: 'invitation' }))).toBe(
      `${ann} set a password with their invitation`,
    );
    expect(auditSentence(entry('password.set', ann, { link: 'reset' }))).toBe(
      `${ann} set a password with a reset link`,
    );
  });

  it('never shows an action code, even for an action it does not know or a detail it cannot read', () => {
    const unknown = auditSentence({
      action: 'staff.made-partner',
      subject: 'x@example.test',
      detail: 'not json',
      by: ann,
    });
    expect(unknown).toBe(`${ann} did something this page cannot describe yet, about x@example.test`);
    expect(unknown).not.toContain('staff.made-partner');
  });
});

import { describe, expect, it } from 'vitest';
import { erasedCounts } from './erasure-words.ts';

describe('what an erasure touched, in words', () => {
  it('names each kind with its count, leaving out the kinds with none', () => {
    expect(
      erasedCounts({
        enquiries: 1,
        notes: 0,
        applications: 2,
        bookings: 1,
        subscriber: 0,
        emails: 3,
        staffAccounts: 0,
        sessions: 0,
        signInThrottles: 0,
        auditEntries: 2,
      }),
    ).toBe('1 enquiry, 2 applications, 1 call, 3 emails and 2 audit entries now naming a pseudonym');
    expect(erasedCounts({ staffAccounts: 1, sessions: 2, signInThrottles: 1 })).toBe(
      '1 staff account closed, 2 sessions ended and 1 sign-in limit lifted',
    );
  });

  it('says nothing was held, and spells out a kind it has no words for yet', () => {
    expect(erasedCounts({ enquiries: 0, auditEntries: 0 })).toBe('nothing');
    expect(erasedCounts({ passwordLinks: 2 })).toBe('2 password links');
  });
});

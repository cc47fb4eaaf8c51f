import { describe, expect, it } from 'vitest';
import { consentSourceLabel, subscriberStatusLabels } from './consent-words.ts';

describe("a subscriber's consent record in words", () => {
  it('names where consent came from in words, never the stored code', () => {
    expect(consentSourceLabel('small-form')).toBe('Newsletter form at the foot of a page');
    expect(consentSourceLabel('confirmation-link')).toBe('Link in the confirmation email');
    expect(consentSourceLabel('one-click')).toBe("Their email program's own unsubscribe button");
    expect(consentSourceLabel('back-office')).toBe(
      "Back office, by a member of the firm's staff (the audit log says who)",
    );
    // A source recorded before it had words is spelled out.
    expect(consentSourceLabel('old-import')).toBe('Old import');
  });

  it('says what a pending subscriber is waiting for', () => {
    expect(subscriberStatusLabels.pending).toBe('Waiting for them to confirm');
  });
});

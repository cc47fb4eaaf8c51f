import { describe, expect, it } from 'vitest';
import {
  consentActorLabel,
  consentActorOf,
  consentSourceLabel,
  subscriberStatusLabels,
} from './consent-words.ts';

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

  it('says who acted on each event, and so whose its IP address is', () => {
    const whoActed = (event: string, source: string) =>
      consentActorLabel(consentActorOf(event, source), '192.0.2.5');
    for (const form of ['small-form', 'subscribe-form', 'contact-form', 'quote-form']) {
      expect(whoActed('signed-up', form)).toBe(
        'A request from 192.0.2.5, not shown to be theirs: anyone can type an address',
      );
      expect(consentActorOf('sign-up-repeated', form)).toBe('requester');
    }
    expect(whoActed('confirmed', 'confirmation-link')).toBe(
      'Them, through the link we emailed them, from 192.0.2.5',
    );
    expect(whoActed('unsubscribed', 'unsubscribe-page')).toBe(
      'Them, through the link we emailed them, from 192.0.2.5',
    );
    expect(whoActed('unsubscribed', 'one-click')).toBe(
      "Their email program or mail provider, for them, from 192.0.2.5: the provider's address, not theirs",
    );
    expect(whoActed('unsubscribed', 'back-office')).toBe(
      'A member of staff, from 192.0.2.5: the audit log says who',
    );
    expect(consentActorLabel('subscriber', null)).toBe(
      'Them, through the link we emailed them, from an address not recorded',
    );
  });
});

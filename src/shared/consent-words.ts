import type { subscriberStatuses } from './api/back-office-subscribers.ts';
import type { SignUpForm } from './mailing-list.ts';

// Where a subscriber's consent came from, as staff read it in the consent record, rather than the code
// the site stores ("small-form", "one-click").

const sources: Record<
  SignUpForm | 'confirmation-link' | 'one-click' | 'unsubscribe-page' | 'back-office',
  string
> = {
  'small-form': 'Newsletter form at the foot of a page',
  'subscribe-form': 'Newsletter page',
  'contact-form': 'Contact form',
  'quote-form': 'Quote form',
  'confirmation-link': 'Link in the confirmation email',
  'one-click': "Their email program's own unsubscribe button",
  'unsubscribe-page': 'Unsubscribe page, from the link in an email',
  'back-office': "Back office, by a member of the firm's staff (the audit log says who)",
};

/** The words for where consent was given or withdrawn; a source recorded before these words, spelled out. */
export function consentSourceLabel(source: string): string {
  const known = sources[source as keyof typeof sources];
  if (known) return known;
  const words = source.replace(/[-_]+/g, ' ').trim();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : '—';
}

/**
 * Who did what a consent event records, which says whose the IP address beside it is. A sign-up is a
 * request from whoever posted the form (anyone can type any address: it is shown to be the subscriber's
 * only when they confirm); a confirmation, or the unsubscribe page's button, is the subscriber through the
 * link we emailed them; the one-click unsubscribe (RFC 8058) is their email program or mail provider acting
 * for them, from its own address; the back office is a member of staff, from theirs.
 */
export type ConsentActor = 'requester' | 'subscriber' | 'mail-program' | 'staff';

export function consentActorOf(event: string, source: string): ConsentActor {
  if (source === 'back-office') return 'staff';
  if (source === 'one-click') return 'mail-program';
  if (event === 'confirmed' || source === 'unsubscribe-page') return 'subscriber';
  return 'requester';
}

const actorWords: Record<ConsentActor, (from: string) => string> = {
  requester: (from) => `A request from ${from}, not shown to be theirs: anyone can type an address`,
  subscriber: (from) => `Them, through the link we emailed them, from ${from}`,
  'mail-program': (from) =>
    `Their email program or mail provider, for them, from ${from}: the provider's address, not theirs`,
  staff: (from) => `A member of staff, from ${from}: the audit log says who`,
};

/** Who acted and from where, in the words the consent record shows. */
export function consentActorLabel(actor: ConsentActor, ipAddress: string | null): string {
  return actorWords[actor](ipAddress ?? 'an address not recorded');
}

/** A consent event in words. */
export const consentEventLabels = {
  'signed-up': 'Signed up',
  'sign-up-repeated': 'Asked to sign up again while waiting for them to confirm',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
} as const;

/** A subscriber's status in words. */
export const subscriberStatusLabels: Record<(typeof subscriberStatuses)[number], string> = {
  pending: 'Waiting for them to confirm',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

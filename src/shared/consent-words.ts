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

/** A subscriber's status in words. */
export const subscriberStatusLabels: Record<(typeof subscriberStatuses)[number], string> = {
  pending: 'Waiting for them to confirm',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

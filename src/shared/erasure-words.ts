// What an erasure touched, in words: "1 enquiry, 1 note, 3 emails and 2 audit entries", from the counts
// the erase endpoint answers with (each kind of record by its key).

const nouns: Record<string, [one: string, many: string]> = {
  enquiries: ['enquiry', 'enquiries'],
  applications: ['application', 'applications'],
  bookings: ['call', 'calls'],
  notes: ['staff note', 'staff notes'],
  subscriber: ['newsletter subscription', 'newsletter subscriptions'],
  emails: ['email', 'emails'],
  sentEmails: ['sent email', 'sent emails'],
  recipientCounts: ['daily email count to an address deleted', 'daily email counts to an address deleted'],
  unsubscribedTrimmed: [
    'unsubscribed address cut down to its consent trail',
    'unsubscribed addresses cut down to their consent trail',
  ],
  unsubscribedTrailsDeleted: ['old consent trail deleted', 'old consent trails deleted'],
  unconfirmedSignUpsDeleted: ['unconfirmed sign-up deleted', 'unconfirmed sign-ups deleted'],
  unconfirmedSignUpsEnded: [
    'unconfirmed sign-up again ended, back to its consent trail',
    'unconfirmed sign-ups again ended, back to their consent trail',
  ],
  mailFiles: ['mail file deleted', 'mail files deleted'],
  staffAccounts: ['staff account closed', 'staff accounts closed'],
  sessions: ['session ended', 'sessions ended'],
  signInThrottles: ['sign-in limit lifted', 'sign-in limits lifted'],
  auditEntries: ['audit entry now naming a pseudonym', 'audit entries now naming a pseudonym'],
};

/** A key the list above does not know yet, in words all the same: "passwordLinks" → "password links". */
const spelledOut = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** "1 enquiry, 2 calls and 1 email"; the kinds with none are left out, and "nothing" if all are. */
export function erasedCounts(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([key, count]) => {
      const [one, many] = nouns[key] ?? [spelledOut(key), spelledOut(key)];
      return `${count} ${count === 1 ? one : many}`;
    });
  if (parts.length === 0) return 'nothing';
  return parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

// How long the site keeps what people leave with it: the figures the privacy notice states, which the
// daily retention job (server/retention/) keeps to.

/** Months after its last activity when a lead that led to no engagement is anonymised: two years. */
export const defaultRetentionMonths = 24;

/** Days a sent (or given-up) email's recipient, subject and times stay in the outbox. */
export const sentMailKeptDays = 30;

/**
 * Days a newsletter sign-up that was never confirmed is kept after it began (a later post of the address
 * does not extend it): twice the life of the confirmation link, so a late click still finds it, and then
 * it goes, consent trail and all, since no consent was ever given.
 */
export const unconfirmedSignUpKeptDays = 30;

/** Years an unsubscribed address's consent trail is kept after the unsubscribe, to show consent was had. */
export const consentProofYears = 6;

/**
 * The privacy notice is rendered without knowing RETENTION_MONTHS: it carries this token where the period
 * belongs, and the server fills in `retentionPeriodWords` (the notice is plain HTML, never hydrated).
 */
export const retentionPeriodToken = '%RETENTION_PERIOD%';

const numberWords = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The period in words a reader expects: "two years", "18 months", "one month". */
export function retentionPeriodWords(months: number): string {
  const words = (count: number, unit: string) =>
    `${numberWords[count - 1] ?? String(count)} ${unit}${count === 1 ? '' : 's'}`;
  if (months % 12 === 0) return words(months / 12, 'year');
  return months <= 10 ? words(months, 'month') : `${months} months`;
}

// How long internet (IP) addresses are kept outside the records they belong to: the figures the privacy
// notice states. A consent record keeps its address as long as the record itself (shared/retention.ts).

/**
 * Days the request log should be kept. The site writes it to stdout and the operator's log store keeps it
 * (docs/operations.md, "Logs"), so this is the period the notice promises and the operator sets there.
 * Long enough to find a failure someone quotes a reference for, or follow one abuser (by the tag
 * logging/client-address.ts writes in place of the address); no longer.
 */
export const requestLogKeptDays = 14;

/**
 * Days an audit entry keeps the IP address it was recorded from (a sign-in, a reset link, a password
 * set); the retention job then blanks it and the entry stays. A quarter: time to notice a takeover or an
 * attack on the accounts and look into it, and the period the sign-in screen's list is read within.
 */
export const auditAddressKeptDays = 90;

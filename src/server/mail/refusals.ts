// Two ways a message is given up at once rather than retried.

/**
 * Thrown by a worker's `prepare` when the message must not go at all (its recipient unsubscribed after it
 * was queued): it is marked failed at once, without the retries a passing fault gets.
 */
export class MessageWithdrawn extends Error {}

/**
 * A mail server's permanent refusal of this message (an SMTP 5xx reply, as nodemailer reports it in
 * `responseCode`, to its recipient or to its content): the same message would be refused again, so it is
 * not retried. A 5xx to the login, the sender or the connection is not: those refuse every message
 * alike (a password the provider changed, a sender it no longer accepts), and the messages wait, with
 * their retries, for whoever runs the site to put it right (the owners hear of it: features/alerts).
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  const aboutThisMessage = command === 'RCPT TO' || command === 'DATA';
  return aboutThisMessage && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

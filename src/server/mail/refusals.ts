// Two ways a message is given up at once rather than retried.

/**
 * Thrown by a worker's `prepare` when the message must not go at all (its recipient unsubscribed after it
 * was queued): it is marked failed at once, without the retries a passing fault gets.
 */
export class MessageWithdrawn extends Error {}

/**
 * A mail server's permanent refusal (an SMTP 5xx reply, as nodemailer reports it in `responseCode`): the
 * same message would be refused again, so it is not retried.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

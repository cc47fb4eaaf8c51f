import type { Generated } from 'kysely';

// Timestamps are ISO-8601 UTC strings in the application on both dialects (see docs/decisions/003).
export type Timestamp = string;

export interface OutboxMessageTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  /** The message as JSON (MailMessage): subject, bodies, headers, attachments. */
  message: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface Database {
  outbox_messages: OutboxMessageTable;
}

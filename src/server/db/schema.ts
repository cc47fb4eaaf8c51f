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

export interface BookingSettingsTable {
  id: number;
  settings: string;
  updated_at: Timestamp;
}

export interface BlockedDateTable {
  date: string;
  reason: string | null;
  created_at: Timestamp;
}

export interface BookingTable {
  id: Generated<number>;
  /** Public, unguessable id: the calendar invitation's UID and the back office's link. */
  reference: string;
  email: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** The date and time as the visitor chose them, in the firm's zone: YYYY-MM-DD and HH:MM. */
  local_date: string;
  local_time: string;
  time_zone: string;
  status: 'confirmed' | 'cancelled';
  cancel_token_hash: string;
  meeting_url: string | null;
  meeting_id: string | null;
  application_id: number | null;
  created_at: Timestamp;
  cancelled_at: Timestamp | null;
}

export interface ApplicationTable {
  id: Generated<number>;
  /** Public, unguessable id: links the call booked from the questionnaire to these answers. */
  reference: string;
  email: string;
  your_name: string;
  business_name: string;
  /** Every answer as JSON (ApplicationAnswers). */
  answers: string;
  created_at: Timestamp;
}

export interface SubscriberTable {
  id: Generated<number>;
  email: string;
  /** Only confirmed subscribers are on the list. */
  status: 'pending' | 'confirmed' | 'unsubscribed';
  confirm_token_hash: string | null;
  confirmation_sent_at: Timestamp | null;
  unsubscribe_token: string;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SubscriberConsentTable {
  id: Generated<number>;
  subscriber_id: number;
  event: 'signed-up' | 'confirmed' | 'unsubscribed';
  /** Where it happened: a sign-up form, the contact forms' opt-in, the confirm link, an unsubscribe link. */
  source: string;
  /** The words the visitor saw when signing up. */
  wording: string | null;
  ip_address: string | null;
  created_at: Timestamp;
}

export interface UsedBotCheckTokenTable {
  token_hash: string;
  expires_at: Timestamp;
}

export interface EnquiryTable {
  id: Generated<number>;
  /** Public, unguessable id: the visitor's reference in the acknowledgement, the back office's link. */
  reference: string;
  kind: 'contact' | 'quote';
  name: string;
  email: string;
  /** The visitor's profession (contact) or practice (quote). */
  organisation: string;
  phone: string | null;
  postcode: string | null;
  /** As typed: escaped wherever it is shown. */
  message: string;
  /** The rest of the form as JSON (EnquiryDetails). */
  details: string;
  ip_address: string | null;
  created_at: Timestamp;
}

export interface Database {
  outbox_messages: OutboxMessageTable;
  booking_settings: BookingSettingsTable;
  blocked_dates: BlockedDateTable;
  bookings: BookingTable;
  applications: ApplicationTable;
  subscribers: SubscriberTable;
  subscriber_consents: SubscriberConsentTable;
  used_bot_check_tokens: UsedBotCheckTokenTable;
  enquiries: EnquiryTable;
}

import type { EmailBody } from './layout.ts';

/** An email as the outbox stores it: plain JSON, so it survives a restart and can be retried as is. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, rendered from `body` when the email is queued. */
  html?: string;
  /** What the HTML part says, drawn in the firm's layout (layout.ts) when the email is queued. */
  body?: EmailBody;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe. Values never contain line breaks (checked on enqueue). */
  headers?: Record<string, string>;
  /** A calendar invitation, sent as a text/calendar part (with its method) and as an .ics attachment. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /**
   * The booking whose video-call link replaces `{{meetingUrl}}` in the bodies and the invitation just
   * before sending: the link may need Zoom, and Zoom being down must only delay the email.
   */
  meetingForBooking?: number;
  /** What replaces `{{meetingUrl}}` when the call has no link: words for this email's reader. */
  meetingFallback?: string;
  /**
   * A newsletter to one subscriber: the bodies and the unsubscribe headers are filled in just before
   * sending from the campaign, drawn once, so the outbox does not hold its HTML once per subscriber.
   */
  newsletter?: { campaignId: number; subscriberId: number };
  /**
   * A proposal's engagement letter, attached just before sending from where it is kept
   * (features/proposals/letter-mail.ts), so that the outbox holds its name, not its bytes.
   */
  engagementLetter?: { proposalId: number; filename: string };
  /** Files sent as attachments: filled in just before sending, never stored in the outbox. */
  attachments?: MailAttachment[];
}

/** A file attached to an email: its name, its type and its bytes in base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

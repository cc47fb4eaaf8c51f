/** An email as the outbox stores it: plain JSON, so it survives a restart and can be retried as is. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe. Values never contain line breaks (checked on enqueue). */
  headers?: Record<string, string>;
  /** A calendar invitation, sent as a text/calendar alternative and an .ics attachment. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  attachments?: { filename: string; content: string; contentType: string }[];
  /**
   * The booking whose video-call link replaces `{{meetingUrl}}` in the bodies and the invitation just
   * before sending: the link may need Zoom, and Zoom being down must only delay the email.
   */
  meetingForBooking?: number;
}

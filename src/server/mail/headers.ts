/**
 * RFC 3834: an email sent because someone did something (an enquiry, a booking, a sign-up) says so,
 * so an out-of-office or other autoresponder does not answer it and start a loop.
 */
export const autoReplied: Record<string, string> = { 'Auto-Submitted': 'auto-replied' };

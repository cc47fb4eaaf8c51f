import { emailFirm } from '#server/mail/layout.ts';
import type { MailMessage } from '#server/mail/message.ts';
import { utcToZonedTime } from '#server/time/zoned-time.ts';
import { derivedToken } from '#server/tokens.ts';
import { formatLongDate } from '#shared/calendar.ts';
import type { ProposalDocument } from '#shared/proposals.ts';
import { plainTextOf } from '#shared/rich-text.ts';
import { firmTimeZone, type SiteFirm } from '#shared/site-firm.ts';

// The emails that carry a proposal's link to the client: when it is sent, and each reminder.

/**
 * The client's link to a proposal. Its token is derived from the proposal's reference and when it was
 * sent, so a reminder carries the same link while the table keeps only the token's hash.
 */
export function proposalLink(
  { secret, publicUrl }: { secret: string; publicUrl: URL },
  proposal: { reference: string; sentAt: string },
) {
  const token = derivedToken(secret, 'proposal-link', `${proposal.reference}:${proposal.sentAt}`);
  const link = new URL('/proposal', publicUrl);
  link.searchParams.set('token', token);
  return { token, href: link.href };
}

/** "Monday 4 January 2027", on the firm's clocks. */
const dayOf = (at: string) => formatLongDate(utcToZonedTime(new Date(at), firmTimeZone).date);

/** The email that sends a proposal, or reminds the client of it (`reminder`). */
export function proposalEmail(
  firm: SiteFirm,
  proposal: { to: string; reference: string; document: ProposalDocument; expiresAt: string; href: string },
  reminder = false,
): MailMessage {
  const until = dayOf(proposal.expiresAt);
  const greeting = `Dear ${proposal.document.addressedTo},`;
  const opening = reminder
    ? `A reminder of our proposal ${proposal.reference}: it is waiting for you to read and accept, and the link works until ${until}.`
    : `Thank you for asking us to quote. Our proposal ${proposal.reference} sets out the services and fees we suggest; you can read it, choose any extras and accept it online until ${until}.`;
  const message = plainTextOf(proposal.document.message).split('\n').filter(Boolean);
  const question = `Questions? Reply to this email or call us on ${firm.phone}.`;
  return {
    to: proposal.to,
    subject: reminder
      ? `Reminder: your proposal from ${firm.name} (${proposal.reference})`
      : `Your proposal from ${firm.name} (${proposal.reference})`,
    ...(firm.email && { replyTo: firm.email }),
    body: {
      firm: emailFirm(firm),
      preview: opening,
      heading: reminder ? 'Your proposal is waiting' : 'Your proposal',
      blocks: [
        { kind: 'paragraph', text: greeting },
        { kind: 'paragraph', text: opening },
        ...(reminder ? [] : message.map((text) => ({ kind: 'paragraph' as const, text }))),
        { kind: 'button', label: 'Read your proposal', href: proposal.href },
        { kind: 'note', text: question },
      ],
    },
    text: [
      greeting,
      '',
      opening,
      '',
      ...(reminder ? [] : message.flatMap((text) => [text, ''])),
      `Read your proposal: ${proposal.href}`,
      '',
      question,
      '',
      firm.name,
    ].join('\n'),
  };
}

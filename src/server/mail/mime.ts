import { randomUUID } from 'node:crypto';
import MimeNode from 'nodemailer/lib/mime-node';
import type { MailMessage } from './message.ts';
import { MimeWriter } from './mime-writer.ts';

/** A message as it goes over SMTP: its envelope and its RFC 5322 text, with CRLF line ends. */
export interface MimeMessage {
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

/** Who an email is from: an address with its name, or MAIL_FROM as the operator wrote it ("Name <address>"). */
export type MailFrom = string | { name: string; address: string };

/**
 * Draws an email as one buffer, in a single pass. Its headers are nodemailer's (its MimeNode encodes and
 * folds names, subjects and addresses, and keeps line breaks out of them); its parts are drawn here.
 * Nodemailer's own composer streams every part through a chain of transforms and re-encodes long lines
 * string by string: that took a third of an enquiry's CPU and a third of the memory it allocates.
 *
 * The shape is what nodemailer's composer gives: the text, its HTML and an invitation's text/calendar as
 * alternatives, and the invitation again as invite.ics beside them, for programs that only open
 * attachments. (Nodemailer's own icalEvent labels the attachment application/ics, which Outlook does not
 * treat as an invitation.)
 */
export function mimeMessage(from: MailFrom, messageId: string, message: MailMessage): MimeMessage {
  const id = randomUUID();
  // As nodemailer's composer: empty text or HTML is left out, and an email of nothing is empty text.
  const alternatives: Part[] = [];
  if (message.text) alternatives.push(textPart('text/plain; charset=utf-8', message.text));
  if (message.html) alternatives.push(textPart('text/html; charset=utf-8', message.html));
  const attachments: Part[] = [];
  if (message.calendar) {
    const calendarType = `text/calendar; charset=utf-8; method=${message.calendar.method}`;
    alternatives.push(textPart(calendarType, message.calendar.content));
    attachments.push(attachmentPart(calendarType, 'invite.ics', message.calendar.content));
  }
  const [only = textPart('text/plain', '')] = alternatives;
  const body = alternatives.length > 1 ? multipart('alternative', `${id}-alt`, alternatives) : only;
  const whole = attachments.length === 0 ? body : multipart('mixed', `${id}-mix`, [body, ...attachments]);

  // Headers only: the node has no parts, and the boundary it would otherwise draw at random is given.
  const headers = new MimeNode(undefined, { baseBoundary: id, textEncoding: 'quoted-printable' });
  if (message.headers) headers.addHeader(message.headers);
  // An object is read as a name and an address (typed as a string only in nodemailer's types).
  headers.setHeader('From', from as string);
  headers.setHeader('To', message.to);
  if (message.replyTo) headers.setHeader('Reply-To', message.replyTo);
  headers.setHeader('Subject', message.subject);
  headers.setHeader('Message-ID', messageId);
  const envelope = headers.getEnvelope();
  const out = new MimeWriter();
  out.text(`${headers.buildHeaders()}\r\n`);
  whole(out);
  return { envelope: { from: envelope.from || '', to: envelope.to }, raw: out.bytes() };
}

/** A part of the message: its headers (Content-Type first) and its body, written where it goes. */
type Part = (out: MimeWriter) => void;

const textPart =
  (contentType: string, content: string): Part =>
  (out) => {
    out.text(`Content-Type: ${contentType}\r\n`);
    out.textBody(content);
  };

const attachmentPart =
  (contentType: string, filename: string, content: string): Part =>
  (out) => {
    const lines =
      Buffer.from(content, 'utf8')
        .toString('base64')
        .match(/.{1,76}/g) ?? [];
    out.text(
      `Content-Type: ${contentType}; name=${filename}\r\nContent-Transfer-Encoding: base64\r\n` +
        `Content-Disposition: attachment; filename=${filename}\r\n\r\n${lines.join('\r\n')}`,
    );
  };

const multipart =
  (subtype: 'alternative' | 'mixed', boundary: string, parts: Part[]): Part =>
  (out) => {
    out.text(`Content-Type: multipart/${subtype}; boundary="${boundary}"\r\n\r\n`);
    for (const part of parts) {
      out.text(`--${boundary}\r\n`);
      part(out);
      out.text('\r\n');
    }
    out.text(`--${boundary}--\r\n`);
  };

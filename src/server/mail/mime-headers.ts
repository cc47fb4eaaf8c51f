import { encodeWord } from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import type { MailMessage } from './message.ts';

/** Who an email is from: an address with its name, or MAIL_FROM as the operator wrote it ("Name <address>"). */
export type MailFrom = string | { name: string; address: string };

export interface MimeHeaders {
  /** The header lines, each ending in CRLF. */
  text: string;
  envelope: { from: string; to: string[] };
}

/**
 * An email's headers and its envelope. Nodemailer's MimeNode encodes and folds names, subjects and
 * addresses, and keeps line breaks out of them; for a plain email (ASCII addresses, short ASCII subject
 * and headers, as almost every email is) it only parses each address twice and writes it back as it was,
 * which cost a fifth of drawing an email. Those are written here, as MimeNode writes them
 * (src/server/mail/mime-headers.test.ts holds the two equal); anything else is MimeNode's.
 */
export function mimeHeaders(from: MailFrom, messageId: string, message: MailMessage): MimeHeaders {
  const date = new Date();
  const sender = senderOf(from);
  const custom = Object.entries(message.headers ?? {});
  const plain =
    plainAddress.test(message.to) &&
    (message.replyTo === undefined || plainAddress.test(message.replyTo)) &&
    plainHeader('Subject', message.subject) &&
    plainHeader('Message-ID', messageId) &&
    custom.every(([key, value]) => plainKeys.has(key) && plainHeader(key, value));
  if (!plain) return byMimeNode(from, messageId, message, date);
  const lines = [
    ...custom.map(([key, value]) => `${key}: ${value}\r\n`),
    sender.line,
    `To: ${message.to}\r\n`,
    message.replyTo === undefined ? '' : `Reply-To: ${message.replyTo}\r\n`,
    `Subject: ${message.subject}\r\n`,
    `Message-ID: ${messageId}\r\n`,
    `Date: ${dateHeader(date)}\r\n`,
    'MIME-Version: 1.0\r\n',
  ];
  return { text: lines.join(''), envelope: { from: sender.address, to: [message.to] } };
}

/** An address written as it is: ASCII letters, digits and the usual punctuation, no name, its domain in lower case. */
const plainAddress = /^[A-Za-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/;
/** The headers the site sets, named as MimeNode names them (it would write "List-Id" as "List-ID"). */
const plainKeys = new Set(['Auto-Submitted', 'List-ID', 'List-Unsubscribe', 'List-Unsubscribe-Post']);

/**
 * A value MimeNode writes as it is: words of printable ASCII but `"` (which it encodes), one space apart,
 * no encoded word, short enough to need no folding.
 */
function plainHeader(key: string, value: string): boolean {
  return (
    key.length + 2 + value.length <= 70 &&
    /^[\x21\x23-\x7e]+( [\x21\x23-\x7e]+)*$/.test(value) &&
    !value.includes('=?')
  );
}

/** As MimeNode writes the date: RFC 2822, in UTC. */
const dateHeader = (date: Date) => date.toUTCString().replace(/GMT/, '+0000');

/** The From line and the envelope's sender, drawn by MimeNode once for each sender (there is one a site). */
const senders = new Map<string, { line: string; address: string }>();
function senderOf(from: MailFrom): { line: string; address: string } {
  const key = JSON.stringify(from);
  let sender = senders.get(key);
  if (!sender) {
    const node = new MimeNode(undefined, { baseBoundary: 'none' });
    // An object is read as a name and an address (typed as a string only in nodemailer's types).
    node.setHeader('From', from as string);
    const line = /^From: .*\r\n(?:[ \t].*\r\n)*/m.exec(`${node.buildHeaders()}\r\n`)?.[0] ?? '';
    sender = { line, address: node.getEnvelope().from || '' };
    if (senders.size >= 16) senders.delete(senders.keys().next().value as string);
    senders.set(key, sender);
  }
  return sender;
}

function byMimeNode(from: MailFrom, messageId: string, message: MailMessage, date: Date): MimeHeaders {
  // Headers only: the node has no parts, so no boundary is written (given, so none is drawn at random).
  const headers = new MimeNode(undefined, { baseBoundary: 'none', textEncoding: 'quoted-printable' });
  if (message.headers) headers.addHeader(message.headers);
  headers.setHeader('From', from as string);
  headers.setHeader('To', message.to);
  if (message.replyTo) headers.setHeader('Reply-To', message.replyTo);
  headers.setHeader('Subject', literalSubject(message.subject));
  headers.setHeader('Message-ID', messageId);
  headers.setHeader('Date', dateHeader(date));
  const envelope = headers.getEnvelope();
  return { text: `${headers.buildHeaders()}\r\n`, envelope: { from: envelope.from || '', to: envelope.to } };
}

/**
 * A subject that holds `=?` (a visitor's name, say) encoded whole, so that a mail program shows it as
 * typed. MimeNode writes ASCII as it is, and a mail program decodes an encoded word wherever it finds one:
 * `=?UTF-8?Q?Hi=0D=0ABcc:…?=` in a name would read as a line break, and another as a character that
 * turns the subject backwards, which the forms refuse when typed.
 */
function literalSubject(subject: string): string {
  return subject.includes('=?') ? encodeWord(subject, 'Q', 52) : subject;
}

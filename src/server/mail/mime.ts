import { randomUUID } from 'node:crypto';
import MimeNode from 'nodemailer/lib/mime-node';
import type { MailMessage } from './message.ts';

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
  const alternatives: string[] = [];
  if (message.text) alternatives.push(textPart('text/plain; charset=utf-8', message.text));
  if (message.html) alternatives.push(textPart('text/html; charset=utf-8', message.html));
  const attachments: string[] = [];
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
  return {
    envelope: { from: envelope.from || '', to: envelope.to },
    raw: Buffer.from(`${headers.buildHeaders()}\r\n${whole}`, 'utf8'),
  };
}

/** A part's headers (Content-Type first) and its body, as `multipart` joins them. */
function textPart(contentType: string, content: string): string {
  const { encoding, body } = encodeText(content);
  return `Content-Type: ${contentType}\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${body}`;
}

function attachmentPart(contentType: string, filename: string, content: string): string {
  const base64 = Buffer.from(content, 'utf8').toString('base64');
  const lines = base64.match(/.{1,76}/g) ?? [];
  return (
    `Content-Type: ${contentType}; name=${filename}\r\nContent-Transfer-Encoding: base64\r\n` +
    `Content-Disposition: attachment; filename=${filename}\r\n\r\n${lines.join('\r\n')}`
  );
}

function multipart(subtype: 'alternative' | 'mixed', boundary: string, parts: string[]): string {
  const delimited = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('');
  return `Content-Type: multipart/${subtype}; boundary="${boundary}"\r\n\r\n${delimited}--${boundary}--\r\n`;
}

const hexDigits = '0123456789ABCDEF';
const equals = 0x3d;
const cr = 0x0d;
const lf = 0x0a;
const space = 0x20;
const tab = 0x09;

/** Where a body is read as UTF-8 and written encoded. */
interface Scratch {
  utf8: Uint8Array;
  encoded: Buffer;
}

/** Room for `chars` UTF-16 units: 3 bytes each at most, and each byte 4 characters at most encoded. */
const scratchFor = (chars: number): Scratch => ({
  utf8: new Uint8Array(3 * chars),
  encoded: Buffer.allocUnsafe(12 * chars + 3),
});

/**
 * Kept from email to email for bodies up to 32 K characters (almost every one), so that an email's
 * words are read and written without a new buffer (and the garbage it leaves) for each; a longer body
 * gets room of its own, left to the collector.
 */
const kept = scratchFor(32 * 1024);
const encoder = new TextEncoder();

/** `text` in UTF-8, in the scratch it fits, and how many bytes it took. */
function readUtf8(text: string): { scratch: Scratch; length: number } {
  const scratch = 3 * text.length <= kept.utf8.length ? kept : scratchFor(text.length);
  return { scratch, length: encoder.encodeInto(text, scratch.utf8).written };
}

/**
 * A text part's body: as it is (7bit, with CRLF line ends) when RFC 2045 allows, as nodemailer decides:
 * ASCII without NUL or a lone CR, and no line over 76 characters; else quoted-printable.
 */
function encodeText(text: string): { encoding: '7bit' | 'quoted-printable'; body: string } {
  const { scratch, length } = readUtf8(text);
  return sevenBit(scratch.utf8, length)
    ? { encoding: '7bit', body: withCrlf(scratch, length) }
    : { encoding: 'quoted-printable', body: quotedPrintableOf(scratch, length) };
}

function sevenBit(bytes: Uint8Array, length: number): boolean {
  let lineLength = 0;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i] as number;
    if (byte === lf) {
      lineLength = 0;
    } else if (byte === cr) {
      if (i + 1 === length || bytes[i + 1] !== lf) return false;
    } else if (byte === 0 || byte > 0x7f || ++lineLength > 76) {
      return false;
    }
  }
  return true;
}

function withCrlf({ utf8: bytes, encoded: out }: Scratch, length: number): string {
  let at = 0;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i] as number;
    if (byte === lf && bytes[i - 1] !== cr) out[at++] = cr;
    out[at++] = byte;
  }
  return out.toString('latin1', 0, at);
}

/**
 * RFC 2045 quoted-printable of `text` in UTF-8: each line break becomes CRLF, every byte outside printable
 * ASCII (and `=`, and a space or tab that ends a line) becomes =XX, and a soft break (`=` and CRLF) keeps
 * every line within 76 characters, never inside an =XX.
 */
export function quotedPrintable(text: string): string {
  const { scratch, length } = readUtf8(text);
  return quotedPrintableOf(scratch, length);
}

/** The bytes quoted-printable keeps as they are wherever they stand: printable ASCII but `=`. */
const plain = new Uint8Array(256);
for (let byte = space + 1; byte < 0x7f; byte++) plain[byte] = byte === equals ? 0 : 1;

function quotedPrintableOf({ utf8: bytes, encoded: out }: Scratch, length: number): string {
  let at = 0;
  let lineLength = 0;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i] as number;
    // Most of an email: a byte kept as it is.
    if (plain[byte] === 1) {
      if (lineLength === 75) {
        out[at++] = equals;
        out[at++] = cr;
        out[at++] = lf;
        lineLength = 0;
      }
      out[at++] = byte;
      lineLength++;
      continue;
    }
    if (byte === lf || (byte === cr && bytes[i + 1] === lf && i + 1 < length)) {
      if (byte === cr) i++;
      out[at++] = cr;
      out[at++] = lf;
      lineLength = 0;
      continue;
    }
    const next = i + 1 < length ? bytes[i + 1] : undefined;
    const endsLine =
      next === undefined || next === lf || (next === cr && i + 2 < length && bytes[i + 2] === lf);
    const literal = (byte === space || byte === tab) && !endsLine;
    const width = literal ? 1 : 3;
    if (lineLength + width > 75) {
      out[at++] = equals;
      out[at++] = cr;
      out[at++] = lf;
      lineLength = 0;
    }
    if (literal) {
      out[at++] = byte;
    } else {
      out[at++] = equals;
      out[at++] = hexDigits.charCodeAt(byte >> 4);
      out[at++] = hexDigits.charCodeAt(byte & 15);
    }
    lineLength += width;
  }
  return out.toString('latin1', 0, at);
}

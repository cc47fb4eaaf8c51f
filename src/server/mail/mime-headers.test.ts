import fc from 'fast-check';
import { encodeWord } from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import PostalMime from 'postal-mime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from './message.ts';
import { type MailFrom, mimeHeaders } from './mime-headers.ts';

// Plain headers are written without nodemailer (mime-headers.ts); a mail server must get, byte for byte,
// what nodemailer's MimeNode wrote for them, and anything else is still MimeNode's.

/** The headers as nodemailer's MimeNode drew them for the site before. */
function byNodemailer(from: MailFrom, messageId: string, message: MailMessage) {
  const node = new MimeNode(undefined, { textEncoding: 'quoted-printable' });
  if (message.headers) node.addHeader(message.headers);
  node.setHeader('From', from as string);
  node.setHeader('To', message.to);
  if (message.replyTo) node.setHeader('Reply-To', message.replyTo);
  // The one difference made on purpose: a subject holding `=?` is encoded whole (the last test below).
  node.setHeader(
    'Subject',
    message.subject.includes('=?') ? encodeWord(message.subject, 'Q', 52) : message.subject,
  );
  node.setHeader('Message-ID', messageId);
  const envelope = node.getEnvelope();
  return { text: `${node.buildHeaders()}\r\n`, envelope: { from: envelope.from || '', to: envelope.to } };
}

const senders = fc.constantFrom<MailFrom>(
  'Fenwick Hale <hello@fenwickhale.co.uk>',
  { name: 'Fenwick & Hale', address: 'hello@fenwickhale.co.uk' },
  { name: 'Zoë O’Brien “Tax”', address: 'zoe@obrienmarsh.example' },
);
const addresses = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom(
    'Bob.Smith+tax@Sub.Example.CO.UK',
    'ann@example.com',
    'zoë@example.com',
    'ann@xn--caf-dma.example',
  ),
);
/** Subjects as firms and visitors write them, and some that only an attacker or a long name would. */
const subjects = fc.oneof(
  fc.string({ maxLength: 90, unit: fc.constantFrom(...'abc XYZ 019 .,:;!?()&<>"\'=?_-/@'.split('')) }),
  fc.string({ maxLength: 90 }),
  fc.constantFrom(
    'New contact enquiry: Amira Shah (Dentist)',
    'We have your contact enquiry: Fenwick & Hale',
    'Your call on Tuesday 1 December at 10:30 – confirmed',
    '=?utf-8?Q?looks_encoded?=',
    ' leading and trailing ',
    'x'.repeat(66),
    'x'.repeat(67),
  ),
);
const customHeaders = fc.constantFrom<Record<string, string> | undefined>(
  undefined,
  { 'Auto-Submitted': 'auto-replied' },
  {
    'List-Unsubscribe':
      '<https://www.fenwickhale.co.uk/newsletter/unsubscribe?token=abcdefghijklmnopqrstuvwxyz>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
  { 'List-ID': '<newsletter.www.fenwickhale.co.uk>' },
  { 'List-Id': '<newsletter.www.fenwickhale.co.uk>', 'Message-Id': 'not the real one' },
  { 'x-custom': 'lower case' },
);
const messages: fc.Arbitrary<MailMessage> = fc.record(
  { to: addresses, replyTo: addresses, subject: subjects, text: fc.constant(''), headers: customHeaders },
  { requiredKeys: ['to', 'subject', 'text'] },
);
const messageIds = fc.constantFrom(
  '<outbox-7-1764450000000@fenwickhale.co.uk>',
  '<outbox-12-1764450000000@localhost>',
);

describe('an email’s headers', () => {
  beforeEach(() => {
    // MimeNode stamps the time it is made; both draw the same second.
    vi.useFakeTimers({ now: new Date('2026-11-30T09:15:00Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('are what nodemailer’s MimeNode wrote, byte for byte, and so is the envelope', () => {
    fc.assert(
      fc.property(senders, messageIds, messages, (from, messageId, message) => {
        expect(mimeHeaders(from, messageId, message)).toEqual(byNodemailer(from, messageId, message));
      }),
      { numRuns: 2000 },
    );
  });

  it('of an enquiry’s acknowledgement, as a mail server receives them', () => {
    const message = {
      to: 'amira@example.com',
      subject: 'We have your contact enquiry: Fenwick & Hale',
      text: '',
      headers: { 'Auto-Submitted': 'auto-replied' },
    };
    const from = { name: 'Fenwick & Hale', address: 'hello@fenwickhale.co.uk' };
    mimeHeaders(from, '<m@x>', message);
    // Written here, not by MimeNode (which draws the sender's line once): the first test compares these.
    const drawn = vi.spyOn(MimeNode.prototype, 'buildHeaders');
    const headers = mimeHeaders(from, '<m@x>', message);
    expect(drawn).not.toHaveBeenCalled();
    expect(headers.text).toBe(
      'Auto-Submitted: auto-replied\r\nFrom: "Fenwick & Hale" <hello@fenwickhale.co.uk>\r\n' +
        'To: amira@example.com\r\nSubject: We have your contact enquiry: Fenwick & Hale\r\n' +
        'Message-ID: <m@x>\r\nDate: Mon, 30 Nov 2026 09:15:00 +0000\r\nMIME-Version: 1.0\r\n',
    );
    expect(headers.envelope).toEqual({ from: 'hello@fenwickhale.co.uk', to: ['amira@example.com'] });
  });

  it('shows a subject holding what looks like an encoded word as it was typed', async () => {
    for (const subject of [
      'New contact enquiry: =?UTF-8?Q?Hi=0D=0ABcc:_victim@evil.test?= (Dentist)',
      'New contact enquiry: Bob =?UTF-8?Q?=E2=80=AEkcab_yas_ot_gnihtemos?= (Dentist)',
    ]) {
      const { text } = mimeHeaders('hello@fenwickhale.co.uk', '<m@x>', {
        to: 'a@example.com',
        subject,
        text: '',
      });
      const read = await PostalMime.parse(`${text}\r\nHello\r\n`);
      expect(read.subject).toBe(subject);
    }
  });
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ICAL from 'ical.js';
import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invitationEmail,
  passwordChangedEmail,
  resetLinkEmail,
  signInThrottledEmail,
} from '#server/features/accounts/emails.ts';
import { alertEmail } from '#server/features/alerts/index.ts';
import { staffApplicationNotice } from '#server/features/applications/emails.ts';
import { cancellationEmail, confirmationEmail, staffBookingNotice } from '#server/features/booking/emails.ts';
import { withMeetingLink } from '#server/features/booking/index.ts';
import { adviserDiaryEmail, type CallForDiary } from '#server/features/calendars/adviser-diary.ts';
import { enquiryAcknowledgement, staffEnquiryNotice } from '#server/features/enquiries/emails.ts';
import type { Enquiry } from '#server/features/enquiries/enquiry.ts';
import { confirmationEmail as subscriptionConfirmation } from '#server/features/mailing-list/emails.ts';
import type { ClientProposal } from '#server/features/proposals/client-records.ts';
import { proposalEmail } from '#server/features/proposals/emails.ts';
import { declineMail, letterMails } from '#server/features/proposals/letter-mail.ts';
import { applicationSchema } from '#shared/application-schema.ts';
import { lighter } from '#shared/colours.ts';
import { answerLines } from '#shared/instant-quote.ts';
import { priceServices } from '#shared/pricing.ts';
import { proposalDocument } from '#shared/proposals.ts';
import { paragraph } from '#shared/rich-text.ts';
import { starterPriceList } from '#shared/starter-price-list.ts';
import { validApplication } from '#tests/support/applications.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { sampleBooking } from '#tests/support/sample-booking.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import type { MailMessage } from './message.ts';
import { composeMail } from './outbox.ts';
import { smtpTransport } from './transport.ts';

// Every kind of email the site sends, drawn in the layout, sent over SMTP to a real server and checked as
// a mail program and a spam filter would see it.

const run = promisify(execFile);
const publicUrl = new URL('https://www.fenwickhale.co.uk/');
const bookingMail = {
  publicUrl,
  staffEmail: 'office@fenwickhale.co.uk',
  organizerEmail: 'hello@fenwickhale.co.uk',
  firm: demoFirm,
};
const now = new Date('2026-11-23T10:00:00Z');
const meetingUrl = 'https://zoom.us/j/98765432100?pwd=abc&x=1';

const booking = sampleBooking;
const call: CallForDiary = {
  ...booking,
  status: 'confirmed',
  meetingUrl: null,
  adviserEmail: 'ann@fenwickhale.co.uk',
  takenBy: 1,
};
const enquiry: Enquiry = {
  kind: 'contact',
  name: 'Amira Shah',
  email: 'amira@example.com',
  organisation: 'Dentist',
  phone: '07700 900123',
  postcode: null,
  message: 'I have just opened a second surgery and would like help with payroll and my year-end accounts.',
  details: { optin: false },
  ipAddress: null,
};
const quote: Enquiry = {
  ...enquiry,
  kind: 'quote',
  organisation: 'Shah Dental Ltd',
  phone: null,
  postcode: 'SY1 1AA',
  details: { optin: true, cost: 250_000, quoted: '', taxYears: ['2025 to 2026'] },
};
/** A quote sent from the instant quote: its figures are the server's, from the starter price list. */
const instantQuoteChoice = { transactions: 180, entity: 'limited-company', turnover: '90k-250k' };
const instantQuote: Enquiry = {
  ...quote,
  organisation: '',
  postcode: null,
  message: '',
  details: {
    optin: false,
    instantQuote: {
      priceListVersion: null,
      vat: starterPriceList.vat,
      services: ['bookkeeping', 'year-end-accounts'],
      answers: instantQuoteChoice,
      answerLines: answerLines(starterPriceList, instantQuoteChoice),
      pricing: priceServices(starterPriceList, ['bookkeeping', 'year-end-accounts'], instantQuoteChoice),
    },
  },
};
const answers = applicationSchema.parse(validApplication);
const proposed = proposalDocument(starterPriceList, {
  addressedTo: 'Shah Dental Ltd',
  answers: { entity: 'limited-company', transactions: 140 },
  services: [
    { key: 'bookkeeping', optional: false },
    { key: 'payroll', optional: true },
  ],
  message: [paragraph('Thank you for your time on the phone on Tuesday. Here is what we suggest.')],
});
if (!('document' in proposed)) throw new Error(proposed.problems.join(' '));
const proposal = {
  to: 'amira@example.com',
  reference: 'FH-PK3-Q9P',
  document: proposed.document,
  expiresAt: '2026-12-23T10:00:00Z',
  href: 'https://www.fenwickhale.co.uk/proposal?token=Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh2',
};
const link = 'https://www.fenwickhale.co.uk/reset-password?token=Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh2';
const callLinks = { cancel: `${link}&cancel=1`, change: `${link}&change=1` };
const newsletter = { publicUrl, unsubscribeMailbox: 'hello@fenwickhale.co.uk', firm: demoFirm };
const clientProposal: ClientProposal = {
  id: 1,
  reference: 'FH-P7K-3Q9',
  personId: 1,
  opportunityId: 1,
  status: 'accepted',
  document: proposed.document,
  expiresAt: null,
  decidedAt: null,
  client: { email: 'amira@example.com', name: 'Amira Shah' },
};
const [clientLetter, staffLetter] = letterMails({
  proposal: clientProposal,
  firm: demoFirm(),
  staffEmail: bookingMail.staffEmail,
  signedName: 'Amira Shah',
  letter: { pdf: new Uint8Array(), sha256: '' },
  at: now,
}).map(({ message }) => message as MailMessage);
const [declined] = declineMail(
  { firm: demoFirm(), staffEmail: bookingMail.staffEmail },
  clientProposal,
  'We are staying with our current accountant for another year.',
  now,
).map(({ message }) => message);

/** Each kind by its outbox name; booking emails are sent once with a meeting link and once without. */
const kinds: [string, MailMessage, string | null][] = [
  ['password-reset-link', resetLinkEmail(demoFirm(), 'staff@fenwickhale.co.uk', link), null],
  [
    'account-invitation',
    invitationEmail(demoFirm(), { email: 'staff@fenwickhale.co.uk', name: 'Sam Reid' }, link),
    null,
  ],
  ['password-changed', passwordChangedEmail(demoFirm(), 'staff@fenwickhale.co.uk', now), null],
  ['sign-in-throttled', signInThrottledEmail(demoFirm(), 'staff@fenwickhale.co.uk'), null],
  [
    'enquiry-staff-notice (contact)',
    staffEnquiryNotice(demoFirm(), 'FH-7K3-Q9P', enquiry, bookingMail),
    null,
  ],
  ['enquiry-staff-notice (quote)', staffEnquiryNotice(demoFirm(), 'FH-7K3-Q9P', quote, bookingMail), null],
  ['enquiry-acknowledgement', enquiryAcknowledgement(demoFirm(), 'FH-7K3-Q9P', enquiry), null],
  [
    'enquiry-staff-notice (instant quote)',
    staffEnquiryNotice(demoFirm(), 'FH-7K3-Q9P', instantQuote, bookingMail),
    null,
  ],
  [
    'enquiry-acknowledgement (instant quote)',
    enquiryAcknowledgement(demoFirm(), 'FH-7K3-Q9P', instantQuote),
    null,
  ],
  [
    'application-staff-notice',
    // With an answer to a question of the firm's own.
    staffApplicationNotice(
      demoFirm(),
      'FH-7K3-Q9P',
      { ...answers, ownAnswers: [{ question: 'Do you employ staff?', answer: 'Yes, four' }] },
      bookingMail,
    ),
    null,
  ],
  [
    'subscription-confirmation',
    subscriptionConfirmation(
      demoFirm(),
      'amira@example.com',
      `${link}&confirm=1`,
      'Zz9yXx8wVv7uTt6sRr5qQp4oOn3mMl2kKj1iIh0gGf1',
      newsletter,
    ),
    null,
  ],
  [
    'booking-confirmation (Zoom or MEETING_URL)',
    confirmationEmail(demoFirm(), booking, callLinks, bookingMail, now),
    meetingUrl,
  ],
  [
    'booking-confirmation (no link yet)',
    confirmationEmail(demoFirm(), booking, callLinks, bookingMail, now),
    null,
  ],
  [
    'booking-change (moved)',
    confirmationEmail(demoFirm(), { ...booking, sequence: 1 }, callLinks, bookingMail, now, {
      kind: 'moved',
      from: 'Monday 30 November 2026 at 9:00am GMT',
    }),
    meetingUrl,
  ],
  [
    'booking-change (reassigned)',
    confirmationEmail(demoFirm(), { ...booking, sequence: 2 }, callLinks, bookingMail, now, {
      kind: 'reassigned',
      from: 'Ann Fenwick',
      to: 'Ben Hale',
    }),
    null,
  ],
  ['booking-cancellation', cancellationEmail(demoFirm(), booking, bookingMail, now), meetingUrl],
  ['booking-staff-notice (moved)', staffBookingNotice(demoFirm(), booking, bookingMail, 'moved'), meetingUrl],
  [
    'booking-staff-notice (booked)',
    staffBookingNotice(demoFirm(), booking, bookingMail, 'booked'),
    meetingUrl,
  ],
  [
    'booking-staff-notice (cancelled)',
    staffBookingNotice(demoFirm(), booking, bookingMail, 'cancelled'),
    null,
  ],
  ['adviser-invitation', adviserDiaryEmail(demoFirm(), call, bookingMail, 'REQUEST', now), meetingUrl],
  ['adviser-cancellation', adviserDiaryEmail(demoFirm(), call, bookingMail, 'CANCEL', now), null],
  [
    'adviser-invitation (moved)',
    adviserDiaryEmail(demoFirm(), { ...call, sequence: 1 }, bookingMail, 'REQUEST', now, true),
    meetingUrl,
  ],
  ['proposal', proposalEmail(demoFirm(), proposal), null],
  ['proposal-reminder', proposalEmail(demoFirm(), proposal, true), null],
  ['proposal-accepted', clientLetter as MailMessage, null],
  ['proposal-accepted-staff-notice', staffLetter as MailMessage, null],
  ['proposal-declined-staff-notice', declined as MailMessage, null],
  [
    'site-alert',
    alertEmail(
      demoFirm(),
      'partner@fenwickhale.co.uk',
      {
        kind: 'mail',
        detail: 'An email could not be sent in the last 24 hours, after every retry.',
        since: now,
      },
      new URL('/back-office', publicUrl),
    ),
    null,
  ],
];

let smtp: TestSmtpServer;
const received = new Map<string, { raw: string; text: string; html: string; ics: string | undefined }>();

beforeAll(async () => {
  smtp = await startSmtpServer();
  const transport = smtpTransport(smtp.url, () => 'Fenwick & Hale <hello@fenwickhale.co.uk>');
  try {
    for (const [index, [kind, draft, url]] of kinds.entries()) {
      const message = withMeetingLink(await composeMail(draft, publicUrl.origin), url);
      await transport.send({
        messageId: `<outbox-${index + 1}-${now.getTime()}@${publicUrl.hostname}>`,
        message,
      });
      const mail = await smtp.waitFor((m) => m.raw.includes(`<outbox-${index + 1}-${now.getTime()}@`));
      const ics = mail.parsed.attachments.find((a) => a.mimeType === 'text/calendar');
      received.set(kind, {
        raw: mail.raw,
        text: mail.parsed.text ?? '',
        html: mail.parsed.html ?? '',
        ics: ics && (typeof ics.content === 'string' ? ics.content : new TextDecoder().decode(ics.content)),
      });
    }
  } finally {
    transport.close();
  }
}, 60_000);
afterAll(() => smtp.stop());

/**
 * SpamAssassin's scores for raw messages, in their order: local tests only (-L), as a receiving server would
 * run them. One run reads them all as an mbox, since loading its rules takes it a second or more.
 */
async function spamScores(raws: string[]): Promise<number[]> {
  const mbox = raws
    .map(
      (raw) =>
        `From sender@example.com Mon Jan  1 00:00:00 2024\n${raw.replaceAll('\r\n', '\n').replace(/^(>*From )/gm, '>$1')}\n`,
    )
    .join('\n');
  const child = run('spamassassin', ['-L', '-t', '--mbox'], { maxBuffer: 50 * 1024 * 1024 });
  child.child.stdin?.end(mbox);
  const { stdout } = await child;
  const scores = [...stdout.matchAll(/^X-Spam-Status: \w+, score=(-?[\d.]+)/gm)].map(([, score]) =>
    Number(score),
  );
  if (scores.length !== raws.length)
    throw new Error(`SpamAssassin scored ${scores.length} of ${raws.length} messages`);
  return scores;
}
let scoresByKind: Promise<Map<string, number>> | undefined;
/** The score of the email of one kind, all kinds scored in the first call. */
async function spamScore(kind: string) {
  scoresByKind ??= spamScores(kinds.map(([name]) => received.get(name)?.raw ?? '')).then(
    (scores) => new Map(kinds.map(([name], i) => [name, scores[i] as number])),
  );
  return (await scoresByKind).get(kind);
}

describe.each(kinds.map(([kind]) => kind))('the %s email', (kind) => {
  const mail = () => received.get(kind) as NonNullable<ReturnType<typeof received.get>>;

  it('has a plain-text part and an HTML part in the firm’s layout, which parses without errors', () => {
    expect(mail().text.length).toBeGreaterThan(40);
    expect(mail().html).toContain('Fenwick &amp; Hale');
    expect(mail().raw).toMatch(/Content-Type: text\/plain/);
    expect(mail().raw).toMatch(/Content-Type: text\/html/);
    const errors: string[] = [];
    parse(mail().html, {
      onParseError: (error) => errors.push(`${error.code} at ${error.startLine}:${error.startCol}`),
    });
    expect(errors).toEqual([]);
    expect(`${mail().text}${mail().html}`).not.toContain('{{');
  });

  it('wears the firm’s colours, and wraps long values rather than widening', () => {
    const { html } = mail();
    const { brand } = demoFirm().colours;
    expect(html).toContain(`background-color:${lighter(brand, 0.92)}`);
    expect(html).toContain(`color:${brand}`);
    expect(html).toContain('overflow-wrap:anywhere');
  });

  it('shows the firm’s logo from the site as a PNG of a set size, never inline, and no serif type', () => {
    const { html } = mail();
    const logos = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
    expect(logos).toHaveLength(1);
    const logo = logos[0] ?? '';
    expect(logo).toContain(`src="${publicUrl.origin}/apple-touch-icon.png"`);
    expect(logo).toMatch(/\bwidth="40"/);
    expect(logo).toMatch(/\bheight="40"/);
    expect(logo).toMatch(/\balt="[^"]*"/);
    expect(html).not.toMatch(/data:|%PUBLIC_ORIGIN%/);
    // Every typeface list, the heading's included, is the firm's sans-serif one.
    const families = [...html.matchAll(/font-family:((?:&#x27;|[^;"&])+)/g)].map(
      ([, family]) => family ?? '',
    );
    expect(families.length).toBeGreaterThan(0);
    for (const family of families) expect(family).toMatch(/^Figtree,.*\bsans-serif$/);
    expect(html).toMatch(/<h1\b[^>]*font-family:Figtree/);
  });

  it('lets the dark styles reach every colour it sets, so nothing stays light in a dark mail program', () => {
    const { html } = mail();
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toMatch(/@media \(prefers-color-scheme: dark\)/);
    // Each element given a colour inline carries a class the dark styles restyle: an unclassed one (such
    // as the cell React Email's Body copies its background onto) would keep its light colour.
    const restyled = {
      background: ['page', 'card', 'button'],
      color: ['ink', 'muted', 'brand', 'link', 'button'],
    };
    for (const [tag] of html.matchAll(/<[a-z][^>]*\sstyle="[^"]*"[^>]*>/g)) {
      const style = /\sstyle="([^"]*)"/.exec(tag)?.[1] ?? '';
      const classes = (/\sclass="([^"]*)"/.exec(tag)?.[1] ?? '').split(' ');
      if (/(^|;)background-color:/.test(style)) {
        expect(
          restyled.background.some((name) => classes.includes(name)),
          tag,
        ).toBe(true);
      }
      if (/(^|;)color:/.test(style)) {
        expect(
          restyled.color.some((name) => classes.includes(name)),
          tag,
        ).toBe(true);
      }
    }
    for (const name of [...restyled.background, ...restyled.color]) {
      expect(html).toContain(`[data-ogsc] .${name}`);
    }
  });

  it('keeps each paragraph of the text part on one line', () => {
    // A line broken mid-sentence ends in a word or a comma and goes on in lower case.
    expect(mail().text).not.toMatch(/^.{60,}[a-z,;]\n[a-z]/m);
  });

  it('scores at most 1.0 with SpamAssassin', async () => {
    expect(await spamScore(kind)).toBeLessThanOrEqual(1.0);
  }, 60_000);

  it('carries any invitation as text/calendar with its method, which ical.js parses', () => {
    const { ics, raw } = mail();
    if (ics === undefined) {
      expect(raw).not.toMatch(/text\/calendar|application\/ics/);
      return;
    }
    expect(raw).not.toContain('application/ics');
    const component = new ICAL.Component(ICAL.parse(ics));
    const method = component.getFirstPropertyValue('method');
    expect(raw).toMatch(
      new RegExp(`Content-Type: text/calendar;[^\\r\\n]*(\\r\\n[ \\t][^\\r\\n]*)*method=${method}`, 'i'),
    );
    const event = component.getFirstSubcomponent('vevent') as ICAL.Component;
    expect(event.getFirstPropertyValue('uid')).toBe(`booking-FH-7K3-Q9P@${publicUrl.hostname}`);
    expect(event.getFirstProperty('attendee')?.getParameter('partstat')).toBe('NEEDS-ACTION');
    const url = kinds.find(([name]) => name === kind)?.[2];
    expect(event.getFirstPropertyValue('location')).toBe(url ?? null);
  });
});

describe('the emails’ details', () => {
  it('gives every message a Message-ID on the site’s domain', () => {
    for (const { raw } of received.values()) {
      expect(raw).toMatch(/^Message-ID: <outbox-\d+-\d+@www\.fenwickhale\.co\.uk>/im);
    }
  });

  it('marks the acknowledgements as auto-replied and every other email as auto-generated', () => {
    for (const kind of [
      'enquiry-acknowledgement',
      'enquiry-acknowledgement (instant quote)',
      'subscription-confirmation',
      'booking-confirmation (no link yet)',
      'booking-cancellation',
      'booking-change (moved)',
      'booking-change (reassigned)',
    ]) {
      expect(received.get(kind)?.raw).toMatch(/^Auto-Submitted: auto-replied\r?$/m);
    }
    // The rest are auto-generated: a staff member's out-of-office does not answer the visitor.
    for (const [kind, { raw }] of received) {
      if (!/acknowledgement|subscription|booking-(confirmation|cancellation|change)/.test(kind)) {
        expect(raw).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
      }
    }
  });

  it('tells the visitor the video link will follow by email when the firm has neither Zoom nor MEETING_URL', () => {
    const { text, html } = received.get('booking-confirmation (no link yet)') ?? { text: '', html: '' };
    expect(text).toContain("We'll email you the video link.");
    expect(html).toMatch(/We(&#x27;|&#39;|')ll email you the video link/);
    const linked = received.get('booking-confirmation (Zoom or MEETING_URL)');
    expect(linked?.text).toContain(`Join the video call: ${meetingUrl}`);
    expect(linked?.html).toContain(`<a href="${meetingUrl.replaceAll('&', '&amp;')}"`);
  });

  it(`labels the staff notices for staff, not with the form’s "Your name"`, () => {
    for (const kind of [
      'enquiry-staff-notice (contact)',
      'enquiry-staff-notice (quote)',
      'application-staff-notice',
    ]) {
      const { text, html } = received.get(kind) ?? { text: '', html: '' };
      expect(text).toMatch(/^Name\nAmira Shah$|^Name\nPriya Shah$/m);
      expect(`${text}${html}`).not.toMatch(/Your name|Your profession/);
    }
  });

  it('links each staff notice to its lead in the back office, in both parts', () => {
    for (const [kind, address] of [
      ['enquiry-staff-notice (contact)', 'https://www.fenwickhale.co.uk/back-office/enquiries/FH-7K3-Q9P'],
      ['enquiry-staff-notice (quote)', 'https://www.fenwickhale.co.uk/back-office/enquiries/FH-7K3-Q9P'],
      ['application-staff-notice', 'https://www.fenwickhale.co.uk/back-office/applications/FH-7K3-Q9P'],
      [
        'booking-staff-notice (booked)',
        `https://www.fenwickhale.co.uk/back-office/bookings/${booking.reference}`,
      ],
      [
        'booking-staff-notice (cancelled)',
        `https://www.fenwickhale.co.uk/back-office/bookings/${booking.reference}`,
      ],
    ]) {
      const { text, html } = received.get(kind as string) ?? { text: '', html: '' };
      expect(text, kind).toContain(`Open it in the back office: ${address}`);
      expect(html, kind).toContain(`href="${address}"`);
    }
  });
});

import { firm } from '#content/firm.ts';
import { autoReplied } from '#server/mail/headers.ts';
import type { MailMessage } from '#server/mail/message.ts';
import { zoneAbbreviation } from '#server/time/zoned-time.ts';
import { formatLongDate, formatTime, parseIsoDate } from '#shared/calendar.ts';
import { buildInvitation } from './ics.ts';

/** Replaced at send time with the call's link, which may need Zoom to create it first. */
export const meetingUrlToken = '{{meetingUrl}}';

/** What the visitor reads where the link would be, when the firm has neither Zoom nor a fixed room. */
export const meetingLinkToFollow = "We'll email you the video link";

/** A booked call's invitation UID, the same in every email about it, on the site's own domain. */
export const invitationUid = (reference: string, publicUrl: URL) =>
  `booking-${reference}@${publicUrl.hostname}`;

export interface BookingForMail {
  id: number;
  /** The adviser who takes the call; null before the firm had advisers. */
  adviserName: string | null;
  /** Their one-line introduction, shown beside their name; empty when they have none. */
  adviserIntroduction: string;
  reference: string;
  email: string;
  startsAt: Date;
  endsAt: Date;
  localDate: string;
  localTime: string;
  timeZone: string;
}

export interface BookingMailSettings {
  publicUrl: URL;
  staffEmail: string;
  organizerEmail: string;
}

/** "Tuesday 1 December 2026 at 9:00am GMT" */
export function describeSlot(booking: BookingForMail) {
  const date = parseIsoDate(booking.localDate);
  const [hour, minute] = booking.localTime.split(':').map(Number);
  const dateText = date ? formatLongDate(date) : booking.localDate;
  const timeText = formatTime(hour as number, minute as number);
  return { dateText, timeText, zone: zoneAbbreviation(booking.startsAt, booking.timeZone) };
}

const minutesOf = (booking: BookingForMail) =>
  Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000);

/** "Ann Fenwick, chartered accountant for sole traders": the name, and the introduction when there is one. */
const withAdviser = (name: string, introduction: string) =>
  introduction ? `${name}, ${introduction}` : name;

function invitation(
  booking: BookingForMail,
  settings: BookingMailSettings,
  method: 'REQUEST' | 'CANCEL',
  stamp: Date,
) {
  return buildInvitation({
    method,
    stamp,
    uid: invitationUid(booking.reference, settings.publicUrl),
    sequence: method === 'REQUEST' ? 0 : 1,
    start: booking.startsAt,
    end: booking.endsAt,
    summary: `Initial call with ${firm.name}`,
    description: `Your initial call with ${booking.adviserName ? `${booking.adviserName} of ` : ''}${firm.name}. Video call: ${meetingUrlToken}`,
    location: meetingUrlToken,
    organizer: { name: firm.name, email: settings.organizerEmail },
    attendee: booking.email,
  });
}

export function confirmationEmail(
  booking: BookingForMail,
  cancelUrl: string,
  settings: BookingMailSettings,
  now: Date,
): MailMessage {
  const { dateText, timeText, zone } = describeSlot(booking);
  const when = `${dateText} at ${timeText} ${zone} (${minutesOf(booking)} minutes)`;
  const adviser = booking.adviserName ? withAdviser(booking.adviserName, booking.adviserIntroduction) : null;
  return {
    to: booking.email,
    subject: `Your call with ${firm.name} on ${dateText} at ${timeText}`,
    headers: autoReplied,
    body: {
      preview: `Your initial call is booked for ${dateText} at ${timeText}.`,
      heading: 'Your call is booked',
      blocks: [
        { kind: 'paragraph', text: 'Thank you for booking an initial call with us.' },
        {
          kind: 'details',
          rows: [
            ['When', when],
            ...(adviser ? [['With', adviser] as [string, string]] : []),
            ['Video call', meetingUrlToken],
          ],
        },
        { kind: 'paragraph', text: 'The invitation is attached: open it to add the call to your calendar.' },
        { kind: 'button', label: 'Cancel the call', href: cancelUrl },
        {
          kind: 'note',
          text: `If you can no longer make it, cancel with the button above, or call us on ${firm.phone}.`,
        },
      ],
    },
    text: [
      'Thank you for booking an initial call with us.',
      '',
      `When: ${when}`,
      ...(adviser ? [`With: ${adviser}`] : []),
      `Join the video call: ${meetingUrlToken}`,
      '',
      'The invitation is attached: open it to add the call to your calendar.',
      '',
      `If you can no longer make it, cancel here: ${cancelUrl}`,
      `Or call us on ${firm.phone}.`,
      '',
      firm.name,
      `${firm.address.street}, ${firm.address.locality} ${firm.address.postcode}`,
    ].join('\n'),
    replyTo: settings.staffEmail,
    calendar: { method: 'REQUEST', content: invitation(booking, settings, 'REQUEST', now) },
    meetingForBooking: booking.id,
  };
}

export function cancellationEmail(
  booking: BookingForMail,
  settings: BookingMailSettings,
  now: Date,
): MailMessage {
  const { dateText, timeText, zone } = describeSlot(booking);
  const bookAgain = new URL('/', settings.publicUrl).href;
  return {
    to: booking.email,
    subject: `Cancelled: your call with ${firm.name} on ${dateText}`,
    headers: autoReplied,
    body: {
      preview: `Your call on ${dateText} at ${timeText} has been cancelled.`,
      heading: 'Your call is cancelled',
      blocks: [
        { kind: 'paragraph', text: `Your call on ${dateText} at ${timeText} ${zone} has been cancelled.` },
        { kind: 'button', label: 'Book another time', href: bookAgain },
        { kind: 'note', text: `Or call us on ${firm.phone}.` },
      ],
    },
    text: [
      `Your call on ${dateText} at ${timeText} ${zone} has been cancelled.`,
      '',
      `To book another time, visit ${bookAgain}, or call us on ${firm.phone}.`,
      '',
      firm.name,
    ].join('\n'),
    replyTo: settings.staffEmail,
    calendar: { method: 'CANCEL', content: invitation(booking, settings, 'CANCEL', now) },
    meetingForBooking: booking.id,
  };
}

/** Where staff read the call's link when there is none: the visitor was told it would follow. */
export const staffMeetingFallback = 'none yet: the visitor was told we will email them the link';

export function staffBookingNotice(
  booking: BookingForMail,
  settings: BookingMailSettings,
  event: 'booked' | 'cancelled',
  details: string[] = [],
): MailMessage {
  const { dateText, timeText, zone } = describeSlot(booking);
  const when = `${dateText} at ${timeText} ${zone} (${minutesOf(booking)} minutes)`;
  const opening = `${event === 'booked' ? 'A visitor booked an initial call' : 'A visitor cancelled their initial call'}.`;
  return {
    to: settings.staffEmail,
    subject: `${event === 'booked' ? 'New call booked' : 'Call cancelled'}: ${dateText} at ${timeText}`,
    body: {
      preview: opening,
      heading: event === 'booked' ? 'New call booked' : 'Call cancelled',
      blocks: [
        { kind: 'paragraph', text: opening },
        {
          kind: 'details',
          rows: [
            ['When', when],
            ...(booking.adviserName ? [['Adviser', booking.adviserName] as [string, string]] : []),
            ['Email', booking.email],
            ['Video call', meetingUrlToken],
            ['Reference', booking.reference],
          ],
        },
        ...(details.length ? [{ kind: 'paragraph' as const, text: details.join('\n') }] : []),
      ],
    },
    meetingFallback: staffMeetingFallback,
    text: [
      opening,
      '',
      `When: ${when}`,
      ...(booking.adviserName ? [`Adviser: ${booking.adviserName}`] : []),
      `Email: ${booking.email}`,
      `Video call: ${meetingUrlToken}`,
      `Reference: ${booking.reference}`,
      ...(details.length ? ['', ...details] : []),
    ].join('\n'),
    replyTo: booking.email,
    meetingForBooking: booking.id,
  };
}

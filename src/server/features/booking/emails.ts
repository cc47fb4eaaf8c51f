import { firm } from '#content/firm.ts';
import type { MailMessage } from '#server/mail/message.ts';
import { zoneAbbreviation } from '#server/time/zoned-time.ts';
import { formatLongDate, formatTime, parseIsoDate } from '#shared/calendar.ts';
import { buildInvitation } from './ics.ts';

/** Replaced at send time with the call's link, which may need Zoom to create it first. */
export const meetingUrlToken = '{{meetingUrl}}';

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
    uid: `booking-${booking.reference}@${settings.publicUrl.hostname}`,
    sequence: method === 'REQUEST' ? 0 : 1,
    start: booking.startsAt,
    end: booking.endsAt,
    summary: `Initial call with ${firm.name}`,
    description: `Your initial call with ${booking.adviserName ? `${booking.adviserName} of ` : ''}${firm.name}. Join the video call: ${meetingUrlToken}`,
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
  return {
    to: booking.email,
    subject: `Your call with ${firm.name} on ${dateText} at ${timeText}`,
    text: [
      'Thank you for booking an initial call with us.',
      '',
      `When: ${dateText} at ${timeText} ${zone} (${minutesOf(booking)} minutes)`,
      ...(booking.adviserName
        ? [`With: ${withAdviser(booking.adviserName, booking.adviserIntroduction)}`]
        : []),
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

export function staffBookingNotice(
  booking: BookingForMail,
  settings: BookingMailSettings,
  event: 'booked' | 'cancelled',
  details: string[] = [],
): MailMessage {
  const { dateText, timeText, zone } = describeSlot(booking);
  return {
    to: settings.staffEmail,
    subject: `${event === 'booked' ? 'New call booked' : 'Call cancelled'}: ${dateText} at ${timeText}`,
    text: [
      `${event === 'booked' ? 'A visitor booked an initial call' : 'A visitor cancelled their initial call'}.`,
      '',
      `When: ${dateText} at ${timeText} ${zone} (${minutesOf(booking)} minutes)`,
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

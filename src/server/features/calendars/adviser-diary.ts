import type { Kysely } from 'kysely';
import { firm } from '#content/firm.ts';
import type { Database } from '#server/db/schema.ts';
import {
  type BookingForMail,
  type BookingMailSettings,
  buildInvitation,
  describeSlot,
  invitationUid,
  meetingUrlToken,
  staffMeetingFallback,
} from '#server/features/booking/index.ts';
import type { MailMessage } from '#server/mail/message.ts';

// A booked call as it appears in the adviser's own diary: an event written into their CalDAV calendar, or,
// when the firm cannot write there, an invitation emailed to them that their mail program files.

export interface CallForDiary extends BookingForMail {
  status: 'confirmed' | 'cancelled';
  meetingUrl: string | null;
  adviserEmail: string;
}

/** The call and the adviser's address, as the diary entry needs them; undefined if either is gone. */
export async function findCallForDiary(
  db: Kysely<Database>,
  bookingId: number,
  adviserId: number,
): Promise<CallForDiary | undefined> {
  const row = await db
    .selectFrom('bookings')
    .innerJoin('advisers', (join) => join.on('advisers.id', '=', adviserId))
    .innerJoin('users', 'users.id', 'advisers.user_id')
    .select([
      'bookings.id',
      'bookings.reference',
      'bookings.email',
      'bookings.starts_at',
      'bookings.ends_at',
      'bookings.local_date',
      'bookings.local_time',
      'bookings.time_zone',
      'bookings.status',
      'bookings.meeting_url',
      'users.email as adviser_email',
      'advisers.display_name as adviser_name',
      'advisers.introduction as adviser_introduction',
    ])
    .where('bookings.id', '=', bookingId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    reference: row.reference,
    email: row.email,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    localDate: row.local_date,
    localTime: row.local_time,
    timeZone: row.time_zone,
    status: row.status,
    meetingUrl: row.meeting_url,
    adviserEmail: row.adviser_email,
    adviserName: row.adviser_name,
    adviserIntroduction: row.adviser_introduction,
  };
}

/** Where staff open the call in the back office. */
export function backOfficeLink(reference: string, publicUrl: URL) {
  return new URL(`/back-office/bookings/${encodeURIComponent(reference)}`, publicUrl).href;
}

const summary = (call: CallForDiary) => `Initial call: ${call.email}`;

function description(call: CallForDiary, link: string | null, settings: BookingMailSettings) {
  return [
    `Initial call booked on the website by ${call.email}.`,
    link ? `Video call: ${link}` : 'The video call link follows in the booking emails.',
    `In the back office: ${backOfficeLink(call.reference, settings.publicUrl)}`,
  ].join('\n');
}

/**
 * The event written into a CalDAV adviser's calendar, stored as `<reference>.ics` with the UID the
 * emailed invitations carry, so the object is the call's own; the link is included when the meeting service has made it by then.
 */
export function diaryEvent(call: CallForDiary, settings: BookingMailSettings, stamp: Date) {
  return buildInvitation({
    stamp,
    uid: invitationUid(call.reference, settings.publicUrl),
    sequence: 0,
    start: call.startsAt,
    end: call.endsAt,
    summary: summary(call),
    description: description(call, call.meetingUrl, settings),
    location: call.meetingUrl ?? '',
    organizer: { name: firm.name, email: settings.organizerEmail },
    attendee: call.email,
    attendeeStatus: 'ACCEPTED',
    alsoAttending: [call.adviserEmail],
  });
}

/**
 * An iTIP invitation (REQUEST) or cancellation (CANCEL) to the adviser, with themselves as the attendee,
 * which Outlook and Google file in their diary: for advisers whose calendar the firm can only read. The
 * cancellation carries the same UID and a higher SEQUENCE, so it replaces the invitation. The call's link
 * is filled in just before sending, as in the visitor's own email.
 */
export function adviserDiaryEmail(
  call: CallForDiary,
  settings: BookingMailSettings,
  method: 'REQUEST' | 'CANCEL',
  stamp: Date,
): MailMessage {
  const { dateText, timeText, zone } = describeSlot(call);
  const booked = method === 'REQUEST';
  const opening = booked
    ? 'An initial call has been booked with you. The invitation is attached for your calendar.'
    : 'This initial call has been cancelled. The attached cancellation takes it out of your calendar.';
  const when = `${dateText} at ${timeText} ${zone} (${Math.round((call.endsAt.getTime() - call.startsAt.getTime()) / 60_000)} minutes)`;
  const inBackOffice = backOfficeLink(call.reference, settings.publicUrl);
  return {
    to: call.adviserEmail,
    subject: `${booked ? 'Call booked' : 'Call cancelled'}: ${dateText} at ${timeText}`,
    text: [
      opening,
      '',
      `When: ${when}`,
      `Visitor: ${call.email}`,
      `Video call: ${meetingUrlToken}`,
      `In the back office: ${inBackOffice}`,
    ].join('\n'),
    body: {
      preview: `${booked ? 'Call booked' : 'Call cancelled'}: ${dateText} at ${timeText}`,
      heading: booked ? 'A call booked with you' : 'A call cancelled',
      blocks: [
        { kind: 'paragraph', text: opening },
        {
          kind: 'details',
          rows: [
            ['When', when],
            ['Visitor', call.email],
            ['Video call', meetingUrlToken],
          ],
        },
        { kind: 'button', label: 'Open in the back office', href: inBackOffice },
      ],
    },
    // Replies reach the visitor, as with the staff notice; it also lets an erasure of their address find it.
    replyTo: call.email,
    calendar: {
      method,
      content: buildInvitation({
        method,
        stamp,
        // The visitor's invitation's UID too: one call, one UID in every calendar, on the site's domain.
        uid: invitationUid(call.reference, settings.publicUrl),
        sequence: booked ? 0 : 1,
        start: call.startsAt,
        end: call.endsAt,
        summary: summary(call),
        description: description(call, meetingUrlToken, settings),
        location: meetingUrlToken,
        organizer: { name: firm.name, email: settings.organizerEmail },
        attendee: call.adviserEmail,
      }),
    },
    meetingForBooking: call.id,
    meetingFallback: staffMeetingFallback,
  };
}

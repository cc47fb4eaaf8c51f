// A booking's video-call link, put into its emails just before they are sent.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { meetingUrlToken } from '#server/mail/booked-call.ts';
import { fillMeetingLink } from '#server/mail/ics.ts';
import { brandColourOf } from '#server/mail/layout.ts';
import type { MailMessage } from '#server/mail/message.ts';
import { escapeHtml } from '#shared/html.ts';
import { meetingLinkToFollow } from './emails.ts';
import type { MeetingProvider } from './meetings.ts';
import * as repository from './repository.ts';

type Db = Kysely<Database>;

/**
 * Fills in a booking's video-call link just before its email is sent, creating the meeting first if
 * the call has none yet. A meeting service that fails throws, and the outbox tries again later.
 */
export function bookingMailPreparer(db: Db, meetings: MeetingProvider | undefined) {
  // The outbox sends several emails at once, and a call's emails (the caller's and the staff notice)
  // are often due together: the second waits for the meeting the first is creating, so both carry one link.
  const creating = new Map<number, Promise<string>>();
  return async (message: MailMessage): Promise<MailMessage> => {
    if (message.meetingForBooking === undefined) return message;
    const row = await repository.findBooking(db, message.meetingForBooking);
    let url = row?.meeting_url ?? null;
    // A cancellation never needs a meeting made (an erased call long past is still `confirmed`).
    const cancelling = message.calendar?.method === 'CANCEL';
    if (row && !url && meetings && row.status === 'confirmed' && !cancelling) {
      let meetingUrl = creating.get(row.id);
      if (!meetingUrl) {
        meetingUrl = (async () => {
          const start = new Date(row.starts_at);
          const meeting = await meetings.create({
            topic: `Initial call: ${row.email}`,
            start,
            minutes: Math.round((new Date(row.ends_at).getTime() - start.getTime()) / 60_000),
            timeZone: row.time_zone,
          });
          await repository.recordMeeting(db, row.id, meeting);
          return meeting.url;
        })().finally(() => creating.delete(row.id));
        creating.set(row.id, meetingUrl);
      }
      url = await meetingUrl;
    }
    return withMeetingLink(message, url);
  };
}

/**
 * Puts the call's link, or (without one) the words the message's reader gets instead, wherever the
 * message says `{{meetingUrl}}`: a link in the HTML part, and the invitation's LOCATION only when there
 * is a link.
 */
export function withMeetingLink(message: MailMessage, url: string | null): MailMessage {
  const instead = message.meetingFallback ?? meetingLinkToFollow;
  const escaped = escapeHtml(url ?? '');
  return {
    ...message,
    text: message.text
      .replaceAll(
        `Join the video call: ${meetingUrlToken}`,
        url ? `Join the video call: ${url}` : `${instead}.`,
      )
      .replaceAll(meetingUrlToken, url ?? instead),
    html: message.html?.replaceAll(
      meetingUrlToken,
      url
        ? `<a href="${escaped}" class="link" style="color:${brandColourOf(message.html)}">${escaped}</a>`
        : escapeHtml(instead),
    ),
    calendar: message.calendar && {
      ...message.calendar,
      content: fillMeetingLink(message.calendar.content, meetingUrlToken, url, instead),
    },
  };
}

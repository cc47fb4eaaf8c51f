import { formatLongDate, formatTime, parseIsoDate } from '#shared/calendar.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { zoneAbbreviation } from '../time/zoned-time.ts';

// A booked call as every email and calendar entry about it describes it: the visitor's confirmation and
// cancellation (features/booking/emails.ts) and the adviser's diary entry (features/calendars/). Kept
// below both features, so that neither imports the other to say when a call is or whose invitation it is.

/** Replaced at send time with the call's link, which may need Zoom to create it first. */
export const meetingUrlToken = '{{meetingUrl}}';

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
  /** How many times the call was moved or reassigned (migration 040): its invitations' SEQUENCE. */
  sequence: number;
}

export interface BookingMailSettings {
  publicUrl: URL;
  staffEmail: string;
  organizerEmail: string;
  /** The firm of the moment, whose name and address the emails give. */
  firm: () => SiteFirm;
}

/** "Tuesday 1 December 2026 at 9:00am GMT" */
export function describeSlot(booking: BookingForMail) {
  const date = parseIsoDate(booking.localDate);
  const [hour, minute] = booking.localTime.split(':').map(Number);
  const dateText = date ? formatLongDate(date) : booking.localDate;
  const timeText = formatTime(hour as number, minute as number);
  return { dateText, timeText, zone: zoneAbbreviation(booking.startsAt, booking.timeZone) };
}

/** Where staff read the call's link when there is none: the visitor was told it would follow. */
export const staffMeetingFallback = 'none yet: the visitor was told we will email them the link';

// RFC 5545 calendar invitations for booked and cancelled calls.

import { mailtoHref } from '#shared/mailto.ts';

export interface CallInvitation {
  /** Absent for an event stored straight into a calendar (CalDAV forbids METHOD there). */
  method?: 'REQUEST' | 'CANCEL';
  /** Stable for the life of the booking, so a cancellation replaces the invitation it cancels. */
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** Left out when empty (the call's link is not known yet). */
  location: string;
  organizer: { name: string; email: string };
  attendee: string;
  /**
   * NEEDS-ACTION unless said: an emailed invitation asks its attendee to add the call (Outlook files an
   * invitation marked ACCEPTED as already answered and shows no buttons). ACCEPTED for an event written
   * straight into a calendar, where nobody is asked.
   */
  attendeeStatus?: 'ACCEPTED' | 'NEEDS-ACTION';
  /** Further attendees who have accepted, e.g. the adviser in the event written into their own calendar. */
  alsoAttending?: string[];
  /** When the invitation was made (DTSTAMP). */
  stamp: Date;
}

const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const stripBreaks = (text: string) => text.replace(/[\r\n]/g, ' ');

/** Lines longer than 75 octets are folded onto continuation lines that start with a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (parts.length === 0 ? 75 : 74), bytes.length);
    while (end < bytes.length && ((bytes[end] as number) & 0xc0) === 0x80) end--; // never split a UTF-8 character
    parts.push(bytes.subarray(start, end).toString());
    start = end;
  }
  return parts.join('\r\n ');
}

/** Replaces text in an invitation, re-folding its lines (a token may have been folded across two). */
export function replaceInInvitation(ics: string, token: string, value: string): string {
  const lines = ics.replace(/\r\n /g, '').split('\r\n');
  return lines.map((line) => fold(line.replaceAll(token, escapeText(value)))).join('\r\n');
}

/**
 * Puts the call's link where `token` stands. Without a link, LOCATION is left out (a calendar would
 * otherwise offer a sentence as a place to go to) and the description says `instead`.
 */
export function fillMeetingLink(ics: string, token: string, link: string | null, instead: string): string {
  if (link) return replaceInInvitation(ics, token, link);
  const lines = ics.replace(/\r\n /g, '').split('\r\n');
  const kept = lines.filter((line) => !(line.startsWith('LOCATION:') && line.includes(token)));
  return replaceInInvitation(kept.join('\r\n'), token, instead);
}

export function buildInvitation(call: CallInvitation): string {
  const cancelled = call.method === 'CANCEL';
  // An event stored straight into a calendar is not for the calendar server to email anyone about
  // (RFC 6638 implicit scheduling): the visitor and the adviser hear of the call from the firm's emails.
  const scheduling = call.method ? '' : ';SCHEDULE-AGENT=CLIENT';
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//practice-site//booking//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    ...(call.method ? [`METHOD:${call.method}`] : []),
    'BEGIN:VEVENT',
    `UID:${call.uid}`,
    `DTSTAMP:${utcStamp(call.stamp)}`,
    `DTSTART:${utcStamp(call.start)}`,
    `DTEND:${utcStamp(call.end)}`,
    `SEQUENCE:${call.sequence}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeText(call.summary)}`,
    `DESCRIPTION:${escapeText(call.description)}`,
    ...(call.location ? [`LOCATION:${escapeText(call.location)}`] : []),
    `ORGANIZER;CN="${stripBreaks(call.organizer.name).replace(/"/g, "'")}"${scheduling}:${mailtoHref(call.organizer.email)}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=${call.attendeeStatus ?? 'NEEDS-ACTION'};RSVP=FALSE${scheduling}:${mailtoHref(call.attendee)}`,
    ...(call.alsoAttending ?? []).map(
      (email) =>
        `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE${scheduling}:${mailtoHref(email)}`,
    ),
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

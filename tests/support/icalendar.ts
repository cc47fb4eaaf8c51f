// iCalendar text as calendar servers write it, for tests and benchmarks that feed calendars to the site.

/** Europe/London as a VTIMEZONE: GMT, and BST from the last Sunday of March to the last of October. */
export const londonTimeZone = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** A VCALENDAR of the parts given, in order, with CRLF line ends. */
export const icalendar = (...parts: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//practice-site tests//EN',
    ...parts.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** A VEVENT of the lines given, stamped. */
export const vevent = (...lines: string[]) => [
  'BEGIN:VEVENT',
  'DTSTAMP:20260101T000000Z',
  ...lines,
  'END:VEVENT',
];

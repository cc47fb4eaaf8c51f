import { describe, expect, it } from 'vitest';
import { icalendar, londonTimeZone, vevent } from '#tests/support/icalendar.ts';
import { busyTimesFromIcs, readBusyTimes } from './busy-times.ts';

const window = (from: string, to: string) => ({
  from: new Date(from),
  to: new Date(to),
  timeZone: 'Europe/London',
});
const iso = (busy: { start: Date; end: Date }[]) =>
  busy.map(({ start, end }) => `${start.toISOString()} ${end.toISOString()}`);

// Summer time begins in the UK on Sunday 28 March 2027.
const march = window('2027-03-14T00:00:00Z', '2027-04-06T00:00:00Z');
const weeklyStandup = [
  'UID:standup',
  'DTSTART;TZID=Europe/London:20270315T090000',
  'DTEND;TZID=Europe/London:20270315T093000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO',
];
const weeklyAcrossSummerTime = [
  '2027-03-15T09:00:00.000Z 2027-03-15T09:30:00.000Z',
  '2027-03-22T09:00:00.000Z 2027-03-22T09:30:00.000Z',
  '2027-03-29T08:00:00.000Z 2027-03-29T08:30:00.000Z',
  '2027-04-05T08:00:00.000Z 2027-04-05T08:30:00.000Z',
];

describe('busy times from an iCalendar text', () => {
  it('expands a weekly event across the change to summer time with the VTIMEZONE the text carries', () => {
    expect(iso(busyTimesFromIcs(icalendar(londonTimeZone, vevent(...weeklyStandup)), march))).toEqual(
      weeklyAcrossSummerTime,
    );
  });

  it('reads a TZID the text does not define as the IANA zone of that name', () => {
    expect(iso(busyTimesFromIcs(icalendar(vevent(...weeklyStandup)), march))).toEqual(weeklyAcrossSummerTime);
  });

  it('reads a zone the text defines under a name of its own (as Outlook writes them)', () => {
    const outlookZone = londonTimeZone.map((line) =>
      line === 'TZID:Europe/London' ? 'TZID:GMT Standard Time' : line,
    );
    const standup = weeklyStandup.map((line) => line.replace('TZID=Europe/London', 'TZID=GMT Standard Time'));
    expect(iso(busyTimesFromIcs(icalendar(outlookZone, vevent(...standup)), march))).toEqual(
      weeklyAcrossSummerTime,
    );
  });

  it('leaves out the instances EXDATE removes', () => {
    const text = icalendar(
      londonTimeZone,
      vevent(...weeklyStandup, 'EXDATE;TZID=Europe/London:20270322T090000'),
    );
    expect(iso(busyTimesFromIcs(text, march))).toEqual([
      weeklyAcrossSummerTime[0],
      weeklyAcrossSummerTime[2],
      weeklyAcrossSummerTime[3],
    ]);
  });

  it('takes a moved instance at its new time, not the old', () => {
    const text = icalendar(
      londonTimeZone,
      vevent(...weeklyStandup),
      vevent(
        'UID:standup',
        'RECURRENCE-ID;TZID=Europe/London:20270322T090000',
        'DTSTART;TZID=Europe/London:20270323T140000',
        'DTEND;TZID=Europe/London:20270323T150000',
      ),
    );
    expect(iso(busyTimesFromIcs(text, march))).toEqual([
      weeklyAcrossSummerTime[0],
      '2027-03-23T14:00:00.000Z 2027-03-23T15:00:00.000Z',
      weeklyAcrossSummerTime[2],
      weeklyAcrossSummerTime[3],
    ]);
  });

  it('leaves the adviser free for one cancelled instance of a series', () => {
    const text = icalendar(
      londonTimeZone,
      vevent(...weeklyStandup),
      vevent(
        'UID:standup',
        'RECURRENCE-ID;TZID=Europe/London:20270329T090000',
        'DTSTART;TZID=Europe/London:20270329T090000',
        'DTEND;TZID=Europe/London:20270329T093000',
        'STATUS:CANCELLED',
      ),
    );
    expect(iso(busyTimesFromIcs(text, march))).toEqual([
      weeklyAcrossSummerTime[0],
      weeklyAcrossSummerTime[1],
      weeklyAcrossSummerTime[3],
    ]);
  });

  it('matches an override written in UTC to the instance it moves', () => {
    const text = icalendar(
      londonTimeZone,
      vevent(...weeklyStandup),
      vevent(
        'UID:standup',
        'RECURRENCE-ID:20270329T080000Z',
        'DTSTART:20270329T100000Z',
        'DTEND:20270329T103000Z',
      ),
    );
    expect(iso(busyTimesFromIcs(text, march))).toEqual([
      weeklyAcrossSummerTime[0],
      weeklyAcrossSummerTime[1],
      '2027-03-29T10:00:00.000Z 2027-03-29T10:30:00.000Z',
      weeklyAcrossSummerTime[3],
    ]);
  });

  it('counts an opaque instance of a transparent series, and only that one', () => {
    const text = icalendar(
      londonTimeZone,
      vevent(...weeklyStandup, 'TRANSP:TRANSPARENT'),
      vevent(
        'UID:standup',
        'RECURRENCE-ID;TZID=Europe/London:20270322T090000',
        'DTSTART;TZID=Europe/London:20270322T090000',
        'DTEND;TZID=Europe/London:20270322T093000',
        'TRANSP:OPAQUE',
      ),
    );
    expect(iso(busyTimesFromIcs(text, march))).toEqual([weeklyAcrossSummerTime[1]]);
  });

  it('leaves the adviser free for a cancelled or transparent event', () => {
    const text = icalendar(
      vevent(...weeklyStandup, 'STATUS:CANCELLED'),
      vevent('UID:lunch', 'DTSTART:20270316T120000Z', 'DTEND:20270316T130000Z', 'TRANSP:TRANSPARENT'),
      vevent('UID:real', 'DTSTART:20270317T120000Z', 'DTEND:20270317T130000Z', 'TRANSP:OPAQUE'),
    );
    expect(iso(busyTimesFromIcs(text, march))).toEqual(['2027-03-17T12:00:00.000Z 2027-03-17T13:00:00.000Z']);
  });

  it('takes an all-day event as the whole day in the firm’s time zone', () => {
    const text = icalendar(vevent('UID:holiday', 'DTSTART;VALUE=DATE:20270601', 'DTEND;VALUE=DATE:20270603'));
    expect(iso(busyTimesFromIcs(text, window('2027-05-01T00:00:00Z', '2027-07-01T00:00:00Z')))).toEqual([
      '2027-05-31T23:00:00.000Z 2027-06-02T23:00:00.000Z',
    ]);
  });

  it('takes an all-day event with no end as one day', () => {
    const text = icalendar(vevent('UID:birthday', 'DTSTART;VALUE=DATE:20270105', 'RRULE:FREQ=YEARLY'));
    expect(iso(busyTimesFromIcs(text, window('2027-01-01T00:00:00Z', '2028-02-01T00:00:00Z')))).toEqual([
      '2027-01-05T00:00:00.000Z 2027-01-06T00:00:00.000Z',
      '2028-01-05T00:00:00.000Z 2028-01-06T00:00:00.000Z',
    ]);
  });

  it('reads an event with DURATION instead of DTEND', () => {
    const text = icalendar(
      vevent('UID:review', 'DTSTART:20270316T100000Z', 'DURATION:PT1H30M', 'RRULE:FREQ=DAILY;COUNT=2'),
    );
    expect(iso(busyTimesFromIcs(text, march))).toEqual([
      '2027-03-16T10:00:00.000Z 2027-03-16T11:30:00.000Z',
      '2027-03-17T10:00:00.000Z 2027-03-17T11:30:00.000Z',
    ]);
  });

  it('keeps only what overlaps the window, including an event under way at its start', () => {
    const text = icalendar(
      vevent('UID:before', 'DTSTART:20270313T100000Z', 'DTEND:20270313T110000Z'),
      vevent('UID:across', 'DTSTART:20270313T230000Z', 'DTEND:20270314T010000Z'),
      vevent('UID:after', 'DTSTART:20270406T000000Z', 'DTEND:20270406T010000Z'),
    );
    expect(iso(busyTimesFromIcs(text, march))).toEqual(['2027-03-13T23:00:00.000Z 2027-03-14T01:00:00.000Z']);
  });

  it('reads several texts (one per CalDAV object) together', () => {
    const texts = [
      icalendar(vevent('UID:a', 'DTSTART:20270316T100000Z', 'DTEND:20270316T110000Z')),
      icalendar(vevent('UID:b', 'DTSTART:20270315T100000Z', 'DTEND:20270315T110000Z')),
    ];
    expect(iso(busyTimesFromIcs(texts, march))).toEqual([
      '2027-03-15T10:00:00.000Z 2027-03-15T11:00:00.000Z',
      '2027-03-16T10:00:00.000Z 2027-03-16T11:00:00.000Z',
    ]);
  });

  it('counts an event repeating every second since 1900 as busy for the whole window, quickly, and reads the rest', () => {
    const text = icalendar(
      vevent('UID:spin', 'DTSTART:19000101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY'),
      vevent('UID:real', 'DTSTART:20270317T120000Z', 'DTEND:20270317T130000Z'),
    );
    const started = Date.now();
    const read = readBusyTimes(text, march);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(read.crowdedSeries).toBe(1);
    expect(iso(read.busy)).toEqual([
      '2027-03-14T00:00:00.000Z 2027-04-06T00:00:00.000Z',
      '2027-03-17T12:00:00.000Z 2027-03-17T13:00:00.000Z',
    ]);
  });

  it('counts a series past its cap as busy only up to its UNTIL', () => {
    const text = icalendar(
      vevent(
        'UID:many',
        'DTSTART:20270314T000000Z',
        'DURATION:PT1M',
        'RRULE:FREQ=MINUTELY;UNTIL=20270320T000000Z',
      ),
    );
    const limits = { maxStepsPerSeries: 1_000_000, maxIntervalsPerSeries: 100, maxIntervals: 1000 };
    const read = readBusyTimes(text, march, { limits });
    expect(read.crowdedSeries).toBe(1);
    expect(read.busy.at(-1)?.start.toISOString()).toBe('2027-03-14T01:40:00.000Z');
    expect(read.busy.at(-1)?.end.toISOString()).toBe('2027-03-20T00:01:00.000Z');
  });

  it('reads 10,000 one-off events in well under a second, and never calls them repeating', () => {
    const events = Array.from({ length: 10_000 }, (_, i) => {
      const day = new Date(Date.UTC(2027, 2, 14) + i * 3_600_000).toISOString().replace(/[-:]|\.\d+/g, '');
      return vevent(`UID:one-${i}`, `DTSTART:${day}`, 'DURATION:PT30M');
    });
    const text = icalendar(...events);
    readBusyTimes(text, march); // warm up
    const started = performance.now();
    const read = readBusyTimes(text, march);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(read.crowdedSeries).toBe(0);
    expect(read.busy).toHaveLength(23 * 24);
  });

  it('stops a calendar with too many busy intervals in the window, in words', () => {
    const text = icalendar(
      vevent('UID:many', 'DTSTART:20270314T000000Z', 'DURATION:PT1M', 'RRULE:FREQ=MINUTELY'),
    );
    const limits = { maxStepsPerSeries: 1_000_000, maxIntervalsPerSeries: 1_000_000, maxIntervals: 100 };
    expect(() => busyTimesFromIcs(text, march, { limits })).toThrow(
      'The calendar has too many events in the days offered to be read',
    );
  });

  it('leaves out the calls the site wrote or emailed (their UID is a booking reference)', () => {
    const text = icalendar(
      vevent('UID:ref123', 'DTSTART:20270316T100000Z', 'DTEND:20270316T103000Z'),
      vevent('UID:booking-ref123@example.test', 'DTSTART:20270316T100000Z', 'DTEND:20270316T103000Z'),
      vevent('UID:theirs', 'DTSTART:20270317T100000Z', 'DTEND:20270317T103000Z'),
    );
    expect(iso(busyTimesFromIcs(text, march, { ownUids: new Set(['ref123']) }))).toEqual([
      '2027-03-17T10:00:00.000Z 2027-03-17T10:30:00.000Z',
    ]);
  });

  it('says in words when the text is not iCalendar', () => {
    expect(() => busyTimesFromIcs('<html>Sign in</html>', march)).toThrow(
      'The feed is not an iCalendar file',
    );
    expect(() => busyTimesFromIcs('BEGIN:VCARD\r\nFN:Ann\r\nEND:VCARD\r\n', march)).toThrow(
      'The feed is not an iCalendar file',
    );
  });
});

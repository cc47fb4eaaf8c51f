import ICAL from 'ical.js';
import { zonedTimeToUtc } from '#server/time/zoned-time.ts';
import { CalendarReadError } from './read-error.ts';

// The busy times an iCalendar text shows within a window. Servers send recurring events as one master
// with its rule (Radicale, ICS feeds), so the expansion is ours: RRULE and RDATE less EXDATE, with each
// overridden instance (RECURRENCE-ID) taken at its own, possibly moved, time. Transparent and cancelled
// events, or instances, leave the adviser free.

export interface BusyInterval {
  start: Date;
  end: Date;
}

export interface BusyWindow {
  from: Date;
  to: Date;
  /** The firm's zone: all-day events take the whole day there, and so do times with no zone at all. */
  timeZone: string;
}

export interface ExpansionLimits {
  /** Occurrences one repeating event may step through, including those before the window. */
  maxStepsPerSeries: number;
  /** Busy intervals one repeating event may add within the window. */
  maxIntervalsPerSeries: number;
  /** Busy intervals of the whole read: each is a row to store. */
  maxIntervals: number;
}

/**
 * A daily event since 1900 is about 46,000 steps, an hourly one through a year about 9,000 intervals, and
 * a step costs some microseconds. A series written to spin the CPU (an event every second since 1900)
 * stops at its own cap and counts as busy for the whole stretch it covers in the window: the safe side,
 * and the rest of the calendar is still read. The caps are per series, so a large calendar of one-off
 * events is never taken for one that repeats too often.
 */
export const defaultExpansionLimits: ExpansionLimits = {
  maxStepsPerSeries: 100_000,
  maxIntervalsPerSeries: 10_000,
  maxIntervals: 50_000,
};

export interface BusyTimesOptions {
  limits?: ExpansionLimits;
  /**
   * UIDs of events the site itself wrote into the adviser's diary or emailed to them (a booked call):
   * those calls are busy through the bookings, and a cancelled one must not linger as a busy time.
   */
  ownUids?: ReadonlySet<string>;
}

export interface BusyTimesRead {
  busy: BusyInterval[];
  /** Repeating events that passed their cap and so count as busy for all the window they cover. */
  crowdedSeries: number;
}

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

function isIanaZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant of an iCalendar time. A zone defined by the text's own VTIMEZONE (or UTC) is exact; a
 * TZID the text does not define is read as the IANA zone of that name when there is one, and a time with
 * no zone at all as the firm's. A date is midnight in the firm's zone.
 */
function instantOf(time: Time, wallZone: string, firmZone: string): Date {
  const date = { year: time.year, month: time.month - 1, day: time.day };
  if (time.isDate) return zonedTimeToUtc(date, 0, 0, firmZone);
  if (time.zone && time.zone.tzid !== 'floating') return new Date(time.toUnixTime() * 1000);
  return new Date(zonedTimeToUtc(date, time.hour, time.minute, wallZone).getTime() + time.second * 1000);
}

function wallZoneOf(component: Component, firmZone: string) {
  const tzid = component.getFirstProperty('dtstart')?.getParameter('tzid');
  return typeof tzid === 'string' && isIanaZone(tzid) ? tzid : firmZone;
}

function leavesFree(component: Component) {
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transp === 'TRANSPARENT' || status === 'CANCELLED';
}

function parse(text: string): Component {
  let root: Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw new CalendarReadError('not-icalendar');
  }
  if (root.name !== 'vcalendar') throw new CalendarReadError('not-icalendar');
  return root;
}

/**
 * The site's own UIDs: `booking-<reference>@<host>` on every invitation and diary event (diary events
 * written before that carry the bare reference).
 */
function isOwn(uid: string, ownUids: ReadonlySet<string> | undefined) {
  if (!ownUids || ownUids.size === 0) return false;
  if (ownUids.has(uid)) return true;
  const match = /^booking-([^@]+)@/.exec(uid);
  return match !== null && ownUids.has(match[1] ?? '');
}

/** Where a series that passed its cap stops being counted busy: its UNTIL, when every rule has one. */
function seriesEnd(master: Component, wallZone: string, firmZone: string, windowEnd: number) {
  let latest = Number.NEGATIVE_INFINITY;
  for (const property of master.getAllProperties('rrule')) {
    const until = (property.getFirstValue() as InstanceType<typeof ICAL.Recur>).until;
    if (!until) return windowEnd;
    latest = Math.max(latest, instantOf(until, wallZone, firmZone).getTime());
  }
  return latest === Number.NEGATIVE_INFINITY ? windowEnd : Math.min(windowEnd, latest);
}

/**
 * The busy intervals that overlap a window in one or more iCalendar texts (a CalDAV server answers one
 * per event), sorted by start. Throws CalendarReadError when a text is not iCalendar. Runs on whichever
 * thread calls it: the server reads calendars through busy-times-pool.ts, off the main thread.
 */
export function readBusyTimes(
  texts: string | string[],
  window: BusyWindow,
  { limits = defaultExpansionLimits, ownUids }: BusyTimesOptions = {},
): BusyTimesRead {
  const firmZone = window.timeZone;
  const from = window.from.getTime();
  const to = window.to.getTime();
  const busy: BusyInterval[] = [];
  let crowdedSeries = 0;

  const add = (start: Date, end: Date) => {
    if (end.getTime() <= from || start.getTime() >= to || end.getTime() <= start.getTime()) return false;
    busy.push({ start, end });
    if (busy.length > limits.maxIntervals) throw new CalendarReadError('too-many-events');
    return true;
  };
  // Overrides are related to their master here, by UID, so ical.js is told there are none: left to
  // itself it scans every event of the calendar for each event, which is quadratic in the calendar's size.
  const eventOf = (component: Component) => new ICAL.Event(component, { exceptions: [] });
  const span = (component: Component, wallZone: string) => {
    const event = eventOf(component);
    return {
      start: instantOf(event.startDate, wallZone, firmZone),
      end: instantOf(event.endDate, wallZone, firmZone),
    };
  };

  for (const text of Array.isArray(texts) ? texts : [texts]) {
    const events = parse(text).getAllSubcomponents('vevent');
    const masters = new Map<string, Component>();
    const overrides = new Map<string, Component[]>();
    for (const event of events) {
      if (!event.getFirstProperty('dtstart')) continue;
      const uid = String(event.getFirstPropertyValue('uid') ?? '');
      if (isOwn(uid, ownUids)) continue;
      if (event.getFirstProperty('recurrence-id')) {
        const list = overrides.get(uid);
        if (list) list.push(event);
        else overrides.set(uid, [event]);
      } else masters.set(uid, event);
    }

    for (const [uid, master] of masters) {
      const wallZone = wallZoneOf(master, firmZone);
      // Instances an override replaces, by the instant they were due: the override says where they went.
      const replaced = new Set<number>();
      for (const override of overrides.get(uid) ?? []) {
        const recurrenceId = override.getFirstPropertyValue('recurrence-id') as Time;
        replaced.add(instantOf(recurrenceId, wallZone, firmZone).getTime());
      }
      if (master.getFirstPropertyValue('status')?.toString().toUpperCase() === 'CANCELLED') {
        overrides.delete(uid); // the whole series is off, moved instances included
        continue;
      }
      // A transparent series leaves the adviser free; its overrides, below, say for themselves.
      if (leavesFree(master)) continue;

      const event = eventOf(master);
      if (!event.isRecurring()) {
        const { start, end } = span(master, wallZone);
        add(start, end);
        continue;
      }
      const duration = event.duration;
      const iterator = event.iterator();
      let steps = 0;
      let added = 0;
      for (let next = iterator.next(); next; next = iterator.next()) {
        const start = instantOf(next, wallZone, firmZone);
        if (start.getTime() >= to) break;
        steps += 1;
        if (steps > limits.maxStepsPerSeries || added >= limits.maxIntervalsPerSeries) {
          crowdedSeries += 1;
          const busyFrom = new Date(Math.max(from, start.getTime()));
          const busyTo = Math.min(
            to,
            seriesEnd(master, wallZone, firmZone, to) + duration.toSeconds() * 1000,
          );
          add(busyFrom, new Date(busyTo));
          break;
        }
        if (replaced.has(start.getTime())) continue;
        const endTime = next.clone();
        endTime.addDuration(duration);
        if (add(start, instantOf(endTime, wallZone, firmZone))) added += 1;
      }
    }

    // Overridden instances (and any whose master the text lacks) count at their own time and status.
    for (const list of overrides.values()) {
      for (const override of list) {
        if (leavesFree(override)) continue;
        const { start, end } = span(override, wallZoneOf(override, firmZone));
        add(start, end);
      }
    }
  }
  busy.sort((a, b) => a.start.getTime() - b.start.getTime());
  return { busy, crowdedSeries };
}

/** The busy intervals alone (see readBusyTimes). */
export function busyTimesFromIcs(
  texts: string | string[],
  window: BusyWindow,
  options: BusyTimesOptions = {},
): BusyInterval[] {
  return readBusyTimes(texts, window, options).busy;
}

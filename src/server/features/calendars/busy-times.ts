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
  /** Occurrences looked at across the whole text, including those before the window. */
  maxSteps: number;
  /** Busy intervals returned. */
  maxIntervals: number;
}

/**
 * A daily event since 1990 is about 13,000 steps, and a step costs some microseconds: a feed written to
 * spin the CPU (an event every second since 2000) stops here after a second or two instead.
 */
export const defaultExpansionLimits: ExpansionLimits = { maxSteps: 100_000, maxIntervals: 20_000 };

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
 * The busy intervals that overlap a window in one or more iCalendar texts (a CalDAV server answers one
 * per event). Throws CalendarReadError when a text is not iCalendar or the expansion passes its limits.
 */
export function busyTimesFromIcs(
  texts: string | string[],
  window: BusyWindow,
  limits: ExpansionLimits = defaultExpansionLimits,
): BusyInterval[] {
  const firmZone = window.timeZone;
  const from = window.from.getTime();
  const to = window.to.getTime();
  const busy: BusyInterval[] = [];
  let steps = 0;

  const step = () => {
    steps += 1;
    if (steps > limits.maxSteps) throw new CalendarReadError('too-many-events');
  };
  const add = (start: Date, end: Date) => {
    if (end.getTime() <= from || start.getTime() >= to || end.getTime() <= start.getTime()) return;
    busy.push({ start, end });
    if (busy.length > limits.maxIntervals) throw new CalendarReadError('too-many-events');
  };
  const span = (component: Component, wallZone: string) => {
    const event = new ICAL.Event(component);
    const start = event.startDate;
    const end = event.endDate;
    return { start: instantOf(start, wallZone, firmZone), end: instantOf(end, wallZone, firmZone) };
  };

  for (const text of Array.isArray(texts) ? texts : [texts]) {
    const events = parse(text).getAllSubcomponents('vevent');
    const masters = new Map<string, Component>();
    const overrides = new Map<string, Component[]>();
    for (const event of events) {
      if (!event.getFirstProperty('dtstart')) continue;
      const uid = String(event.getFirstPropertyValue('uid') ?? '');
      if (event.getFirstProperty('recurrence-id')) overrides.set(uid, [...(overrides.get(uid) ?? []), event]);
      else masters.set(uid, event);
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

      const event = new ICAL.Event(master);
      const duration = event.duration;
      const iterator = event.iterator();
      for (let next = iterator.next(); next; next = iterator.next()) {
        step();
        const start = instantOf(next, wallZone, firmZone);
        if (start.getTime() >= to) break;
        if (replaced.has(start.getTime())) continue;
        const endTime = next.clone();
        endTime.addDuration(duration);
        add(start, instantOf(endTime, wallZone, firmZone));
      }
    }

    // Overridden instances (and any whose master the text lacks) count at their own time and status.
    for (const list of overrides.values()) {
      for (const override of list) {
        step();
        if (leavesFree(override)) continue;
        const { start, end } = span(override, wallZoneOf(override, firmZone));
        add(start, end);
      }
    }
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime());
}

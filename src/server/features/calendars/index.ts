// Advisers' own calendars as other parts of the server see them: connecting one, the sync job that copies
// its busy times, the re-check just before a booking, and writing booked calls into the adviser's diary.
export { type CalendarWriter, createCalendarWriter } from './calendar-writer.ts';
export {
  CalendarSourceError,
  connectCalendar,
  disconnectCalendar,
  validateCalendarSource,
} from './connect.ts';
// The guard every outgoing request to an address staff typed goes through (the webhook's too).
export { calendarDispatcher as guardedDispatcher, refusedAsPrivate } from './guarded-dispatcher.ts';
export { type HostLookup, namesPrivateHost, reachesPrivateHost } from './private-hosts.ts';
export { createCalendarRecheck } from './recheck.ts';
export { type CalendarSource, type SecretBox, secretBox } from './secret-box.ts';
export { type CalendarSync, createCalendarSync, type SyncOutcome } from './sync.ts';
export { calendarWriteBack } from './write-back.ts';

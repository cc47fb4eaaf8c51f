// Advisers' own calendars as other parts of the server see them: connecting one, the sync job that copies
// its busy times, and the re-check just before a booking.
export {
  CalendarSourceError,
  connectCalendar,
  disconnectCalendar,
  validateCalendarSource,
} from './connect.ts';
export { createCalendarRecheck } from './recheck.ts';
export { type CalendarSource, type SecretBox, secretBox } from './secret-box.ts';
export { type CalendarSync, createCalendarSync, type SyncOutcome } from './sync.ts';

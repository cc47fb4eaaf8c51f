// Advisers' calendars as other parts of the server see them: connecting and disconnecting one, and the
// sealing of its address and credentials.
export {
  CalendarSourceError,
  calendarSourceProblem,
  connectCalendar,
  disconnectCalendar,
} from './connect.ts';
export { type CalendarSource, type SecretBox, secretBox } from './secret-box.ts';

// Advisers as other parts of the server see them: who takes calls, and what their diaries hold.
export {
  adviserBlockedDatesBetween,
  adviserNameOf,
  advisersForBooking,
  calendarBusyBetween,
  insertAdviser,
} from './repository.ts';

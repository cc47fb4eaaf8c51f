// Advisers as other parts of the server see them: who takes calls, and what their diaries hold.
export {
  activeAdvisers,
  adviserBlockedDatesBetween,
  adviserNameOf,
  calendarBusyBetween,
  hasAdvisers,
  insertAdviser,
} from './repository.ts';

/** Why an event could not be written to an adviser's calendar, shown to staff as it is: it names no address and no credential. */
export class CalendarWriteError extends Error {
  override name = 'CalendarWriteError';
}

// Why an adviser's calendar could not be read, in words the back office shows to staff as they are. The
// words never carry the calendar's address, its credentials or a server's own message, which may quote
// either.

export type CalendarReadProblem =
  | 'refused-credentials'
  | 'timeout'
  | 'status'
  | 'unreachable'
  | 'too-large'
  | 'not-icalendar'
  | 'not-caldav'
  | 'too-many-events'
  | 'too-slow'
  | 'unreadable'
  | 'private-host'
  | 'redirected-elsewhere'
  | 'sealed-source';

export class CalendarReadError extends Error {
  readonly problem: CalendarReadProblem;

  constructor(
    problem: CalendarReadProblem,
    detail: { status?: number; seconds?: number; bytes?: number } = {},
  ) {
    super(wordsFor(problem, detail));
    this.problem = problem;
  }
}

function wordsFor(
  problem: CalendarReadProblem,
  detail: { status?: number; seconds?: number; bytes?: number },
): string {
  switch (problem) {
    case 'refused-credentials':
      return 'The calendar server refused the user name or password';
    case 'timeout':
      return `The calendar server did not answer within ${detail.seconds ?? 10} second${detail.seconds === 1 ? '' : 's'}`;
    case 'status':
      return `The calendar server answered ${detail.status}`;
    case 'unreachable':
      return 'The calendar server could not be reached';
    case 'too-large':
      return `The calendar is larger than ${size(detail.bytes ?? 5 * 1024 * 1024)}`;
    case 'not-icalendar':
      return 'The feed is not an iCalendar file';
    case 'not-caldav':
      return 'The address is not a CalDAV calendar';
    case 'too-many-events':
      return 'The calendar has too many events in the days offered to be read';
    case 'private-host':
      return 'The calendar’s address is on a private network, which the site does not read';
    case 'redirected-elsewhere':
      // A CalDAV read carries the adviser's password, which is for the server they named and no other;
      // sent on without it, the other server would only answer that the password is wrong.
      return 'The calendar server sends its requests on to another server, which the site does not give the calendar’s password to: connect the calendar with its address on that server';
    case 'unreadable':
      return 'The calendar could not be read';
    case 'too-slow':
      return 'The calendar took too long to read';
    case 'sealed-source':
      return 'The calendar’s saved details cannot be opened with the current CALENDAR_SECRET_KEY: connect it again';
  }
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/** The words for any failure of a read: ours as they are, anything else (a bug, a library's throw) plainly. */
export function failureWords(error: unknown): string {
  return error instanceof CalendarReadError ? error.message : 'The calendar could not be read';
}

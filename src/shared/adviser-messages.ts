// What the back office and `npm run adviser:*` say about advisers and their calendars, in one place so
// both say the same and the tests can hold them to it.

export const adviserMessages = {
  noSuchStaff: (email: string) => `No member of staff has the address ${email}.`,
  disabledAccount: (email: string) =>
    `${email}'s account is disabled: enable it first (npm run user:enable -- ${email}).`,
  alreadyAdviser: (email: string) => `${email} is already an adviser.`,
  notAnAdviser: (email: string) =>
    `${email} is not an adviser: add them first (npm run adviser:add -- ${email} --name "…").`,
  noSuchAdviser: 'There is no such adviser. Reload the page to see the advisers as they are now.',
  displayName: 'Name shown to visitors: write it on one line, in at most 80 characters.',
  introduction: 'Introduction: write it on one line, in at most 200 characters.',
  blockedDate:
    'Choose a date to block as YYYY-MM-DD; a reason is optional, one line of at most 200 characters.',
  blockedDatePast: 'That date has passed: choose today or a later date to block.',
  calendarAddress: 'Enter the calendar’s full address, starting https://',
  calendarUrl:
    'The calendar’s address must start https:// or http:// (for a webcal:// address, write https:// instead)',
  calendarAddressTooLong: 'The calendar’s address is too long',
  calendarPrivateHost: 'Enter a calendar address on the internet, not on a private network',
  calendarCredentialsInAddress: 'Enter the user name and password in their own boxes, not in the address',
  calendarUsername: 'Enter the user name for the calendar server',
  calendarPassword: 'Enter the password for the calendar server',
  calendarCredentialsTooLong: 'The user name or password is too long',
  noSecretKey:
    'Calendars cannot be connected until CALENDAR_SECRET_KEY is set on the server: it keeps their addresses and passwords sealed.',
  active: 'Say whether the adviser is offered for calls: active or inactive.',
  calendarKind: 'Choose the kind of calendar: CalDAV, or an ICS feed address.',
  noCalendar: 'This adviser has no calendar connected.',
  added: 'Added the adviser. They are offered for calls from now on.',
  saved: 'Saved.',
  connected: 'Connected the calendar: it is being read now, and this page shows how that went in a moment.',
  disconnected: 'Disconnected the calendar and forgot its busy times.',
  readSoon: 'The calendar is being read now: this page shows how that went in a moment.',
} as const;

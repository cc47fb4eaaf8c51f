// The back office's words and rules, shared by its screens and its API.

/** Where the firm has got to with a lead, in the order it usually goes. */
export const leadStages = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export type LeadStage = (typeof leadStages)[number];

/** The stages new business moves on through, in order; Lost may follow any of them. */
export const progressStages = ['new', 'contacted', 'qualified', 'won'] as const;
export type ProgressStage = (typeof progressStages)[number];

export const leadStageLabels: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
};

/** The kinds of lead that carry a stage and a timeline. */
export type LeadKind = 'enquiry' | 'application' | 'booking';

export const backOfficeApi = '/api/back-office';
/** The header a back-office request carries its form token in (the double-submit cookie's twin). */
export const formTokenHeader = 'x-form-token';

/** How many rows a list shows at a time. */
export const pageSize = 25;
/** The longest note staff can add. */
export const noteMaxLength = 4000;

/**
 * What a member of staff may do: an `owner` everything; `staff` the leads and drafts (lists, lead pages,
 * stages, notes, calls, the overview and their own sessions), not staff accounts, settings, data
 * protection or the audit log.
 */
export const staffRoles = ['owner', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const backOfficeMessages = {
  signedOut: 'Your session has ended. Sign in again to carry on.',
  forbidden: 'This request did not come from the back office. Reload the page and try again.',
  ownersOnly: 'Only an owner can do this. Ask an owner of the firm’s account if you need it done.',
  availabilityOnly:
    'Only an owner, or a member of staff an owner lets manage availability, can do this. Ask an owner if you need it done.',
  notFound: 'There is no such lead. It may have been erased.',
  noSuchPerson: 'There is no such person. They may have been erased.',
  noSuchOpportunity: 'There is no such piece of new business.',
  searchWords: 'Type at least 2 characters to search for, and at most 100.',
  periodBackwards: 'The period ends before it starts: choose a To on or after From',
  periodTooLong: 'The period is longer than five years: choose a shorter one',
  priceListSaved: 'Price list saved: new proposals are priced from it.',
  instantQuoteOn: 'The instant quote is on the site.',
  instantQuoteOff: 'The instant quote is off the site.',
  priceListFixFirst: 'A box marked in red does not read as an amount: correct it, then save.',
  priceListUnreadable: 'That is not a price list this site can read: reload the page and change it there.',
  priceListMoved: 'Someone saved the price list since you opened it: reload to see theirs, then change it.',
  detailsSaved: 'Details saved.',
  detailsUnchanged: 'Nothing changed: the details were already so.',
  merged: 'Merged: everything of theirs is on this record now.',
  mergeSame: 'Choose someone else: a person cannot be merged with themselves.',
  mergeTaken:
    'One of the two was merged into someone else already: open the record they were merged into instead.',
  unmerged: 'Merge undone: they have their own record again.',
  noSuchMerge: 'There is no such merge to undo: it may have been undone already.',
  opportunityOwnerSaved: 'Saved: the colleague chosen looks after this piece of business.',
  value: 'Enter the value in pounds, like 1,250 or 1250.50, up to £9,999,999, or leave it empty',
  valueSaved: 'Value saved.',
  taskTitle: 'Say what is to be done',
  taskDue: 'Choose when it is due: a date and a time',
  colleague: 'Choose a colleague who can sign in',
  taskAdded: 'Task added.',
  taskDone: 'Done.',
  taskReopened: 'Marked not done.',
  taskDoneOrNot: 'Say whether the task is done: true or false',
  noSuchTask: 'There is no such task.',
  ownerSaved: 'Saved: they are looked after by the colleague chosen.',
  digestOnOrOff: 'Say whether you want the email: true or false',
  digestOn: 'You will get an email of your tasks each working morning.',
  digestOff: 'You will get no email of your tasks in the morning.',
  replySubject: 'Write a subject',
  replyBody: 'Write the message',
  replySent: 'Reply sent: it goes from the firm’s address, and their answer comes to you.',
  savedReplyTitle: 'Give the saved reply a name',
  noSuchSavedReply: 'There is no such saved reply.',
  savedReplySaved: 'Saved reply saved.',
  savedReplyDeleted: 'Saved reply deleted.',
  stage: `Choose a stage: ${leadStages.map((stage) => leadStageLabels[stage]).join(', ')}`,
  note: `Write a note of 1 to ${noteMaxLength} characters`,
  filter: (name: string) => `The ${name} filter could not be read`,
  alreadyCancelled: 'This call was already cancelled.',
  email: 'Enter an email address',
  role: 'Choose a role: owner or staff',
  staffExists: 'That person already has an account.',
  staffName: 'Enter a name',
  staffNameLetter: 'The name must have a letter in it',
  staffNameAddress: 'A name cannot hold an email address: the address is shown beside it where it matters',
  staffNameTaken: 'A colleague already has that name: add an initial or a surname',
  renamed: 'Saved: your colleagues see your new name from their next click.',
  invited: 'Invitation sent: the link to choose a password works for seven days.',
  notYourself: 'You cannot disable your own account.',
  notYourselfErased: 'You cannot erase your own address: it would close the account you are using.',
  noSuchStaff: 'There is no account for that email address.',
  disabled: 'Disabled: signed out everywhere, and can no longer sign in.',
  enabled: 'Re-enabled: they can sign in again with their password.',
  notDisabled: 'That account is not disabled.',
  sessionEnded: 'Session ended: that browser is signed out.',
  sessionToEnd: 'Choose which of your sessions to end, from the list of your sessions.',
  noSuchSession: 'There is no such session of yours: it may have ended already.',
  settingsSaved: 'Saved. The calendar offers the new times at once.',
  blockedDate:
    'Enter the date as day/month/year, such as 23/11/2026, and if you like a reason on one line of up to 200 characters',
  blockedDatePast: 'That date has passed: choose today or a later date to block',
  blockedRange: 'The last date to block must be on or after the first, and at most a year after it',
  blockedHours:
    'For part of a day, give the time it starts and the time it ends, like 09:00 and 12:30, the start first',
  noSuchBlockedTime: 'That part of a day is not blocked: it may have been opened already',
  erased: 'Erased.',
  roleChanged: 'Role changed: it applies at once, in every browser they are signed in on.',
  alreadyThatRole: 'That account already has that role.',
  allowedChoice: 'Say whether they may manage availability: true or false.',
  availabilityAllowed: 'They may manage availability now: working hours, and blocked dates and times.',
  availabilityStopped: 'They may no longer manage availability.',
  alreadyThatChoice: 'That is already so.',
  ownersManageAvailability: 'An owner always manages availability.',
  lastOwner:
    'The firm must keep an owner who can sign in: make someone else an owner first, or re-enable one.',
  unsubscribed: 'Unsubscribed: they will get no more newsletters. The consent record keeps the history.',
  alreadyUnsubscribed: 'This subscriber has already unsubscribed.',
  confirmationResent: 'Confirmation sent again: the link in the earlier email no longer works.',
  notPending: 'Only a subscriber who has not confirmed yet can be sent the confirmation again.',
  confirmationTooSoon:
    'A confirmation went to this address less than an hour ago. Give them time to find it, then try again.',
};

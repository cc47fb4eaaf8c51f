// What the back office's Newsletter screen and the server say about campaigns, in one place.

export const campaignStatuses = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const campaignStatusWords: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** Where the archive of past issues lives on the site. */
export const newsletterArchivePath = '/insights/newsletter';

/** "1 confirmed subscriber", "2 confirmed subscribers": how many a campaign goes to. */
export const confirmedSubscribers = (count: number | string) =>
  `${count} confirmed subscriber${count === 1 ? '' : 's'}`;

/** How many tests one member of staff may send themselves a minute. */
export const testSendsPerMinute = 5;

export const newsletterMessages = {
  noCampaign: 'There is no such newsletter. It may have been deleted.',
  notDraft: 'This newsletter has already been sent or scheduled, so it can no longer be changed.',
  alreadySent: 'This newsletter has already been sent or is being sent: it goes to each subscriber once.',
  notCancellable:
    'Only a draft or a scheduled newsletter can be cancelled; this one is being sent or was sent.',
  pastTime: 'Choose a time in the future to schedule it, or send it now.',
  testSent: 'A test is on its way to your own address.',
  tooManyTests: 'You have sent several tests in the last minute. Wait a minute and send another.',
  cancelled: 'The newsletter was cancelled. Nothing was sent.',
  changedSinceOpened:
    'This newsletter was changed since you opened it: read it again before you send or schedule it.',
  seenVersion: 'Open the newsletter again: the page did not say which version of it you read.',
} as const;

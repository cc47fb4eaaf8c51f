// Trouble with the site that its owners hear about by email (at most one a day of each kind) and see as
// a banner in the back office while it lasts (server/features/alerts).

export const alertKinds = ['mail', 'backup', 'calendar', 'disk'] as const;
export type AlertKind = (typeof alertKinds)[number];

export const alertWords: Record<AlertKind, { title: string; whatToDo: string }> = {
  mail: {
    title: 'Emails from the website are not being sent',
    whatToDo:
      'Visitors are not getting their confirmations, and you may not be hearing about new leads: every lead is still in the back office. Ask whoever runs your server to check the mail server settings (SMTP_URL) and the account at your mail provider.',
  },
  backup: {
    title: 'The website’s backup failed',
    whatToDo:
      'Nothing is lost, but a backup, or its copy off the server, is missing. Ask whoever runs your server to check the backup folder, its disk, and the off-site storage if one is set.',
  },
  calendar: {
    title: 'An adviser’s calendar has not been read for an hour',
    whatToDo:
      'Their times are not offered to visitors until it is read again. Open Advisers to see why: a changed password or a calendar that was moved are the usual reasons.',
  },
  disk: {
    title: 'The server’s disk is nearly full',
    whatToDo:
      'When it is full the website cannot store new leads or take backups. Ask whoever runs your server to free space or add more: old backups are a common cause.',
  },
};

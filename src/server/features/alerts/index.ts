// Trouble the owners hear about: mail failing, a failed backup, an adviser's calendar unread, a disk
// nearly full (shared/alerts.ts). Looked for every five minutes; emailed at most once a day a kind, and
// shown as a banner in the back office while it lasts.

export { alertEmail } from './alert-email.ts';
export { backupFailing, calendarsUnread, diskNearlyFull, mailFailing } from './checks.ts';
export { registerAlertRoutes } from './routes.ts';
export { createAlertWatch, raisedAlerts } from './watch.ts';

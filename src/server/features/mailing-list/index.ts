// The mailing-list feature as other parts of the server see it: subscribers and their consent trail.
export { bouncingAfterRefusals } from './bouncing.ts';
export { type MailingListMailSettings, unsubscribeHeaders, unsubscribeUrl } from './emails.ts';
export { subscriberLeads } from './lead-kind.ts';
export { deleteUnconfirmedSignUps, keepOnlyUnsubscribeTrails } from './retention.ts';
export { mailingListPlugin } from './routes.ts';
export { createMailingListService, type MailingListService } from './service.ts';
export { registerSubscriberStaffRoutes } from './staff-routes.ts';
export type { SubscriberHistory } from './subscriber-history.ts';

export { proposalClientPlugin } from './client-routes.ts';
export { proposalLink } from './emails.ts';
export { proposalEventWords, recordProposalEvent } from './events.ts';
export { engagementLetterPreparer } from './letter-mail.ts';
export { sendProposalReminders } from './reminders.ts';
export { registerProposalRoutes } from './staff-routes.ts';
export { registerTermsRoutes } from './terms-routes.ts';

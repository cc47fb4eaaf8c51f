export { proposalLink } from './emails.ts';
export { proposalEventWords, recordProposalEvent } from './events.ts';
export { sendProposalReminders } from './reminders.ts';
export { registerProposalRoutes } from './staff-routes.ts';

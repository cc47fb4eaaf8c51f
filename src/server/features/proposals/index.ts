export { proposalClientPlugin } from './client-routes.ts';
export { engagementLetterPreparer } from './letter-mail.ts';

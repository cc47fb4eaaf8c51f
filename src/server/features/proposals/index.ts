export { proposalClientPlugin } from './client-routes.ts';
export { engagementLetterPreparer } from './letter-mail.ts';
export { registerTermsRoutes } from './terms-routes.ts';

// The newsletter as other parts of the server see it: campaigns, their sending, and the archive.
export type { ArticleForCampaign, ArticleSource } from './content.ts';
export { newsletterMailPreparer, newsletterRefusals } from './mail-preparer.ts';
export { campaignHistory } from './recipients.ts';
export { newsletterPlugin } from './routes.ts';
export { createCampaignSender } from './sending.ts';
export { createNewsletterService, type NewsletterService } from './service.ts';

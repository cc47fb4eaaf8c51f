// Articles ("Insights") as other parts of the server see them: the plugin, its service and its pages.

export { articlesForNewsletter } from './for-newsletter.ts';
export { PublishedInsights, type SitemapEntry } from './published-pages.ts';
export { insightsPlugin } from './routes.ts';
export { type ArticleService, createArticleService } from './service.ts';

export { publicPagesPlugin } from './public-routes.ts';
export { PublishedPages } from './published-pages.ts';
export { registerPageRoutes } from './routes.ts';
export { type PagesService, pagesService } from './service.ts';

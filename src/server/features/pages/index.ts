export { addBuiltInPages } from './built-in-pages.ts';
export { demoPeopleShown, isDemoPerson } from './demo-people.ts';
export { publicPagesPlugin } from './public-routes.ts';
export { PublishedPages } from './published-pages.ts';
export { registerPageRoutes } from './routes.ts';
export { type PagesService, pagesService } from './service.ts';

export { currentPriceList } from './repository.ts';
export { registerPricingRoutes } from './routes.ts';

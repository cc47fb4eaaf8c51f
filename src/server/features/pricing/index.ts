export { registerPricingRoutes } from './routes.ts';

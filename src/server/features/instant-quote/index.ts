// The instant quote on the public site, as other parts of the server see it.
export { instantQuotePlugin, registerInstantQuoteSettingRoutes } from './routes.ts';
export { instantQuoteIsOn, setInstantQuote } from './settings.ts';

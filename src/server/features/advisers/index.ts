// Advisers as other parts of the server see them: whom the booking calendar offers, what their diaries
// hold, and the service the back office and `npm run adviser:*` change them through.
export {
  adviserForMail,
  insertAdviser,
  parseOverrides,
} from './repository.ts';
export { registerAdviserRoutes } from './routes.ts';
export {
  AdviserRefusal,
  type AdviserService,
  type AdviserView,
  createAdviserService,
} from './service.ts';

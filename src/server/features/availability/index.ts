// The firm's availability as other parts of the server see it: the settings and closed dates the booking
// calendar offers times from, which the advisers' calendars and the articles read too, and the back
// office's endpoints that change them.
export { loadSettings, settingsFromStored } from './repository.ts';
export { registerAvailabilityRoutes } from './routes.ts';

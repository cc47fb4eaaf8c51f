// A site's first run: the page a visitor meets before the firm is set up, the set-up page that makes the
// first owner, and the owner's checklist.

export { closeUntilSetUp } from './being-set-up.ts';
export { registerChecklistRoutes } from './checklist-routes.ts';
export { setupPlugin } from './routes.ts';
export { openSetup } from './setup-tokens.ts';

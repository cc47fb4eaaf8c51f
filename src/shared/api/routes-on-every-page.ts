import { route } from './route.ts';

// The routes that every page's own script calls: the footer's sign-up form, and the client's form token
// and sign-in page. Their entries (mailing-list.ts, accounts.ts) are built on these, so each path is
// still written once; pages call them without loading the entries' schemas, which would double the
// script every page loads.

export const subscribeRoute = route({ method: 'POST', path: '/subscribe', access: 'public' });
export const formTokenRoute = route({ method: 'GET', path: '/api/form-token', access: 'public' });
export const signInRoute = route({ method: 'POST', path: '/login', access: 'public' });

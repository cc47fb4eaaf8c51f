import { route } from './route.ts';

// The routes of the forms the page's script checks and sends (enquiries.ts, applications.ts build their
// entries on these, so each path is written once). The forms name them as their action too, so that a
// form the script did not take is posted there, never sent to its own address (server/http/scripted-form.ts);
// the forms read them without loading the entries' schemas.

export const contactRoute = route({ method: 'POST', path: '/contact-us-send', access: 'public' });
export const quoteRoute = route({ method: 'POST', path: '/show-contact-send', access: 'public' });
export const applicationRoute = route({ method: 'POST', path: '/forms/application-form', access: 'public' });

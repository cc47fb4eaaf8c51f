import { refusal } from './endpoint.ts';

// What the access rules answer on any staff endpoint, before the endpoint itself runs.

/** A read by someone who is not signed in. */
export const staffReadAnswers = {
  401: refusal.describe('Not signed in, or the session has ended: sign in again.'),
} as const;

/** A change (any method but GET) also needs the form token, from the back office's own pages. */
export const staffChangeAnswers = {
  ...staffReadAnswers,
  403: refusal.describe('The form token is missing or wrong, or the request came from another site.'),
} as const;

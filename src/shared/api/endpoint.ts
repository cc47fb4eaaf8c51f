import { z } from '../zod.ts';
import type { Route } from './route.ts';

// One endpoint of the site, described once for both sides: the server registers its route from it (with
// its schemas checking what arrives), the browser's client calls it, and the OpenAPI document is built
// from it. A path or a payload is therefore typed in one place only.

export type { Access, Method } from './route.ts';
export { pathWith } from './route.ts';

/** An answer that is not JSON: an HTML page, a CSV file, a redirect. */
export interface NonJsonAnswer {
  contentType:
    | 'text/html'
    | 'text/csv'
    | 'text/plain'
    | 'text/css'
    | 'application/xml'
    | 'application/atom+xml'
    | 'application/json'
    | 'application/pdf'
    | 'image/*'
    | 'redirect';
  description: string;
}

/** An answer's body: a JSON schema, or what kind of document it is. */
export type Answer = z.ZodType | NonJsonAnswer;

export interface EndpointSpec extends Route {
  /** Groups the endpoint in the API document: Booking, Mailing list, Back office… */
  tag: string;
  /** One line on what it does, for the API document. */
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Every answer it gives, by status: the success and each failure. */
  answers: Record<number, Answer>;
  /** Checks the operator's token in an `Authorization: Bearer` header itself (the metrics). */
  bearerToken?: true;
  /** The site's own page posts it as an ordinary form (application/x-www-form-urlencoded), not JSON. */
  formPost?: true;
  /**
   * A public route served while the site has no firm's details yet: what staff need to set it up (sign
   * in, choose a password, the set-up page) and what operators and crawlers read. Every other public route
   * answers that the site is being set up (features/setup/being-set-up.ts).
   */
  openBeforeSetUp?: true;
}

export const isJsonAnswer = (answer: Answer): answer is z.ZodType => answer instanceof z.ZodType;

/** The answer every form and API endpoint of the site gives, succeeding or not. */
export const formAnswerSchema = z.object({
  success: z.boolean(),
  infoMessages: z.array(z.string()),
  errorMessages: z.array(z.string()),
});
export type FormAnswer = z.infer<typeof formAnswerSchema>;

/** A refusal: `success` false and one message per problem, in words a visitor can act on. */
export const refusal = formAnswerSchema.describe('Refused: errorMessages says why, one message per problem.');

/**
 * What any endpoint answers when the site itself fails (500, or 503 while the database is unavailable):
 * the usual refusal, plus the request's id, which the visitor or member of staff quotes so that the
 * operator can find the request's lines in the log.
 */
export const serverFailure = formAnswerSchema
  .extend({ requestId: z.string().describe('The id of this request in the site’s log.') })
  .describe('The site failed: errorMessages says what to do; quote requestId when reporting it.');
export type ServerFailure = z.infer<typeof serverFailure>;

export const htmlPage = (description: string): NonJsonAnswer => ({ contentType: 'text/html', description });

/** What the access rules answer on any staff endpoint, before the endpoint itself runs. */
const staffReadAnswers = {
  401: refusal.describe('Not signed in, or the session has ended: sign in again.'),
};
const staffChangeAnswers = {
  ...staffReadAnswers,
  403: refusal.describe('The form token is missing or wrong, or the request came from another site.'),
};
const ownerReadAnswers = {
  ...staffReadAnswers,
  403: refusal.describe('Signed in, but not as an owner: only an owner may do this.'),
};
const ownerChangeAnswers = {
  ...staffReadAnswers,
  403: refusal.describe(
    'The form token is missing or wrong, the request came from another site, or the signed-in member of staff is not an owner.',
  ),
};
const availabilityReadAnswers = {
  ...staffReadAnswers,
  403: refusal.describe(
    'Signed in, but neither an owner nor a member of staff an owner lets manage availability.',
  ),
};
const availabilityChangeAnswers = {
  ...staffReadAnswers,
  403: refusal.describe(
    'The form token is missing or wrong, the request came from another site, or the signed-in member of staff is neither an owner nor let manage availability.',
  ),
};
const accessAnswers = {
  staff: { read: staffReadAnswers, change: staffChangeAnswers },
  owner: { read: ownerReadAnswers, change: ownerChangeAnswers },
  availability: { read: availabilityReadAnswers, change: availabilityChangeAnswers },
};

/**
 * Declares an endpoint, keeping its literal types for the server and the client. A staff or owner
 * endpoint also lists what the access rules answer before it runs: 401 signed out, for a change 403
 * without the form token, and on an owner endpoint 403 to anyone but an owner.
 */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  if (spec.access === 'public' || spec.access === 'staff-page') return spec;
  const answers = accessAnswers[spec.access];
  const access = spec.method === 'GET' ? answers.read : answers.change;
  return { ...spec, answers: { ...access, ...spec.answers } };
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a caller sends: the params, query and body the endpoint takes, as the caller writes them. */
export type CallInput<E extends EndpointSpec> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query: Input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: undefined });

type SuccessStatus = 200 | 201 | 202 | 204;

/** What a successful call answers with. */
export type Success<E extends EndpointSpec> = {
  [S in keyof E['answers'] & SuccessStatus]: Output<E['answers'][S]>;
}[keyof E['answers'] & SuccessStatus];

// What storing the questionnaire needs beyond showing it: the rules its answers must meet and the endpoint
// they go to. Both come with the schema library, so the page loads this when the visitor first reaches
// the form (as the contact and quote forms do) rather than before it can be used.
import { ApiError, call } from '#client/lib/api-client.ts';
import { visitSource } from '#client/lib/visit-source.ts';
import { sendApplication } from '#shared/api/applications.ts';
import type { CallInput } from '#shared/api/endpoint.ts';
import { applicationSchema } from '#shared/application-schema.ts';
import { connectionProblem } from '#shared/messages.ts';
import { ownAnswersSchema } from '#shared/questionnaire-schema.ts';

export { applicationSchema, ownAnswersSchema };

/** Stores the checked answers; answers the application's reference, or the words of what went wrong. */
export async function storeApplication(
  body: CallInput<typeof sendApplication>['body'],
): Promise<{ reference: string } | { problem: string }> {
  try {
    const { applicationReference } = await call(sendApplication, {
      body: { ...(body as object), ...visitSource() } as typeof body,
    });
    return { reference: applicationReference };
  } catch (error) {
    return { problem: (error instanceof ApiError && error.messages.join(' ')) || connectionProblem };
  }
}

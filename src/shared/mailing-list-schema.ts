import { emailAddressField } from './email-field.ts';
import { honeypotField, type SignUpForm } from './mailing-list.ts';
import { visitSourceFields } from './visit-source-schema.ts';
import { z } from './zod.ts';

const always2 = (field: string) => z.literal('2', { error: `${field} must be '2'` });

/**
 * POST /subscribe: the small form sends {emailAddress, submitMethod '2'}, the larger one
 * {emailAddress, contact1 '2'} (docs/behaviour/mailing-list.md#signing-up); JSON or an ordinary form post.
 */
export const subscribeSchema = z
  .object({
    emailAddress: emailAddressField,
    submitMethod: always2('submitMethod').optional(),
    contact1: always2('contact1').optional(),
    [honeypotField]: z.string().max(1000).optional(),
    ...visitSourceFields,
  })
  .refine((body) => body.submitMethod !== undefined || body.contact1 !== undefined, {
    error: "Please send submitMethod '2' (the small form) or contact1 '2' (the subscribe form)",
  });

export type SubscribeRequest = z.infer<typeof subscribeSchema>;

export const signUpFormOf = (request: SubscribeRequest): SignUpForm =>
  request.submitMethod !== undefined ? 'small-form' : 'subscribe-form';

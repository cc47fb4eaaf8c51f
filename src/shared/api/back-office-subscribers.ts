import { backOfficeApi, backOfficeMessages } from '../back-office.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';
import { backOfficeTag, leadList, listQuerySchema } from './lead-lists.ts';

// The mailing list, as the back office lists its subscribers and shows each one's proof of consent.

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;

export const subscriberListQuerySchema = listQuerySchema.extend({
  status: z.enum(subscriberStatuses).optional(),
});
export type SubscriberListQuery = z.output<typeof subscriberListQuerySchema>;

export const subscriberRowSchema = z.object({
  email: z.string(),
  status: z.enum(subscriberStatuses).describe('Only confirmed subscribers are on the list.'),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type SubscriberRow = z.infer<typeof subscriberRowSchema>;

/** What the subscriber agreed to, where and when, and who acted. */
export const consentRecordSchema = z.object({
  event: z
    .enum(['signed-up', 'sign-up-repeated', 'confirmed', 'unsubscribed'])
    .describe('sign-up-repeated: the form was posted again for an address still waiting to confirm.'),
  source: z.string().describe('The form, the confirm link or the unsubscribe link it came from.'),
  wording: z.string().nullable().describe('The words the visitor saw when signing up.'),
  actor: z
    .enum(['requester', 'subscriber', 'mail-program', 'staff'])
    .describe(
      'Who acted, and so whose ipAddress is: requester, whoever posted a sign-up form (not shown to be the subscriber); subscriber, them through the link we emailed; mail-program, their email program or provider unsubscribing for them (RFC 8058), from its own address; staff, a member of staff in the back office.',
    ),
  ipAddress: z.string().nullable().describe('The address the act came from: see actor for whose it is.'),
  at: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** One newsletter campaign as it went to one subscriber. */
export const campaignSentSchema = z.object({
  subject: z.string(),
  status: z
    .enum(['queued', 'sent', 'failed', 'skipped'])
    .describe('failed: refused by their mail server; skipped: they had left the list, or were bouncing.'),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type CampaignSent = z.infer<typeof campaignSentSchema>;

export const subscriberDetailSchema = subscriberRowSchema.extend({
  consents: z.array(consentRecordSchema).describe('The proof of consent, oldest first.'),
  campaigns: z.array(campaignSentSchema).describe('The newsletters sent to them, oldest first.'),
  bouncing: z
    .boolean()
    .describe('Their mail server refused three newsletters for good: no more campaigns go to them.'),
  refusals: z.number().describe('How many newsletters their mail server refused for good.'),
});
export type SubscriberDetail = z.infer<typeof subscriberDetailSchema>;

export const subscriberList = leadList({
  name: 'subscribers',
  title: 'Subscribers',
  query: subscriberListQuerySchema,
  row: subscriberRowSchema,
});

/** One subscriber, by email address, with their consent trail. */
export const subscriberDetail = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/${subscriberList.name}/:email`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'One subscriber, with the proof of their consent',
  params: z.object({ email: z.string() }),
  answers: {
    200: subscriberDetailSchema.describe('The subscriber.'),
    404: refusal.describe(`No subscriber has this address: "${backOfficeMessages.notFound}"`),
  },
});

const noSubscriber = refusal.describe(`No subscriber has this address: "${backOfficeMessages.notFound}"`);

/**
 * Takes a subscriber off the list without erasing them: the consent trail records the unsubscribe as the
 * visitor's own link would (with the source `back-office`), and the audit log who did it.
 */
export const unsubscribeSubscriber = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/${subscriberList.name}/:email/unsubscribe`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Unsubscribe a subscriber, keeping their consent record',
  params: z.object({ email: z.string() }),
  answers: {
    200: formAnswerSchema.describe(`Unsubscribed: infoMessages is ["${backOfficeMessages.unsubscribed}"].`),
    404: noSubscriber,
    409: refusal.describe(`"${backOfficeMessages.alreadyUnsubscribed}"`),
  },
});

/**
 * Sends a subscriber who has not confirmed the double-opt-in email again, with a new link: the link in
 * any earlier email stops working. At most once an hour per address, counting the sign-up form's own
 * sends, so it cannot be used to flood someone's inbox.
 */
export const resendSubscriberConfirmation = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/${subscriberList.name}/:email/resend-confirmation`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Send the confirmation email again to a subscriber who has not confirmed',
  params: z.object({ email: z.string() }),
  answers: {
    200: formAnswerSchema.describe(`Queued: infoMessages is ["${backOfficeMessages.confirmationResent}"].`),
    404: noSubscriber,
    409: refusal.describe(`Confirmed or unsubscribed: "${backOfficeMessages.notPending}"`),
    429: refusal.describe(`Sent less than an hour ago: "${backOfficeMessages.confirmationTooSoon}"`),
  },
});

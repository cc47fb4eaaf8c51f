import { backOfficeApi } from '../back-office.ts';
import { localDateTime } from '../local-date-time.ts';
import { campaignStatuses, newsletterArchivePath, newsletterMessages } from '../newsletter.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, htmlPage, refusal } from './endpoint.ts';
import { backOfficeTag } from './lead-lists.ts';

// The newsletter: campaigns written and sent from the back office, and the public archive of past issues.

export const campaignProgressSchema = z.object({
  recipients: z.number().describe('Recipients added so far (one per confirmed subscriber).'),
  queued: z.number().describe('Waiting in the outbox.'),
  sent: z.number(),
  failed: z.number().describe('Refused by the recipient’s mail server, or given up after retries.'),
  skipped: z.number().describe('Not sent: the subscriber left the list, or their address was bouncing.'),
});

export const campaignSchema = z.object({
  id: z.number(),
  subject: z.string(),
  bodyMarkdown: z.string(),
  articleId: z.number().nullable().describe('The article it was made from, if any.'),
  status: z.enum(campaignStatuses),
  scheduledFor: z.string().nullable(),
  startedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdBy: z.string().nullable().describe('The address of the member of staff who wrote it.'),
  createdAt: z.string(),
  updatedAt: z
    .string()
    .describe('When it was last changed (UTC): the version an owner sends or schedules (`send`).'),
  archiveUrl: z.string().nullable().describe('The issue in the public archive, once sent.'),
  progress: campaignProgressSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignInputSchema = z.object({
  subject: z
    .string({ error: 'Write a subject' })
    .trim()
    .min(1, { error: 'Write a subject' })
    .max(200, { error: 'Keep the subject to 200 characters' })
    .refine((value) => !/[\r\n]/.test(value), { error: 'Keep the subject to one line' }),
  bodyMarkdown: z
    .string({ error: 'Write the newsletter’s text' })
    .trim()
    .min(1, { error: 'Write the newsletter’s text' })
    .max(100_000, { error: 'Keep the text under 100,000 characters' }),
  articleId: z
    .number({ error: 'articleId must be the number of an article' })
    .int({ error: 'articleId must be the number of an article' })
    .positive({ error: 'articleId must be the number of an article' })
    .nullable()
    .optional(),
});

const campaignPath = `${backOfficeApi}/campaigns`;
const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: newsletterMessages.noCampaign })
    .transform(Number)
    .describe('The campaign’s id'),
});
const noCampaign = refusal.describe(`"${newsletterMessages.noCampaign}"`);
const invalid = refusal.describe('A field is missing or wrong: one message per problem.');

export const listCampaigns = endpoint({
  method: 'GET',
  path: campaignPath,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Every newsletter campaign, newest first, with its progress',
  answers: {
    200: z.object({
      items: z.array(campaignSchema),
      confirmedSubscribers: z.number().describe('How many subscribers a campaign sent now would go to.'),
    }),
  },
});

export const createCampaign = endpoint({
  method: 'POST',
  path: campaignPath,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Write a newsletter draft',
  body: campaignInputSchema,
  answers: { 201: campaignSchema.describe('The draft.'), 422: invalid },
});

export const campaignDetail = endpoint({
  method: 'GET',
  path: `${campaignPath}/:id`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'One campaign with its live progress (the Newsletter screen polls it while sending)',
  params: idParams,
  answers: { 200: campaignSchema, 404: noCampaign },
});

export const updateCampaign = endpoint({
  method: 'PUT',
  path: `${campaignPath}/:id`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Change a draft’s subject or text',
  params: idParams,
  body: campaignInputSchema,
  answers: {
    200: campaignSchema,
    404: noCampaign,
    409: refusal.describe(`"${newsletterMessages.notDraft}"`),
    422: invalid,
  },
});

export const campaignPreview = endpoint({
  method: 'GET',
  path: `${campaignPath}/:id/preview`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'The email exactly as subscribers will get it: subject, HTML part and text part',
  description:
    'The unsubscribe link and sign-up date are a sample’s; each subscriber’s email carries their own.',
  params: idParams,
  answers: {
    200: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
    404: noCampaign,
  },
});

/**
 * The HTML part alone, as a page of its own for the screen's sandboxed frame: an email's styles are
 * inline, which the site's own pages never allow, so it is served with a policy of its own.
 */
export const campaignPreviewPage = endpoint({
  method: 'GET',
  path: `${campaignPath}/:id/preview.html`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'The email’s HTML part as a page, for the Newsletter screen’s sandboxed preview frame',
  params: idParams,
  answers: {
    200: htmlPage('The HTML part, with a sample reader’s unsubscribe link; no script may run in it.'),
    404: noCampaign,
  },
});

export const sendCampaignTest = endpoint({
  method: 'POST',
  path: `${campaignPath}/:id/test`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Send a test of the email to the signed-in member of staff’s own address',
  params: idParams,
  answers: {
    200: formAnswerSchema.describe(`Queued: infoMessages is ["${newsletterMessages.testSent}"].`),
    404: noCampaign,
    429: refusal.describe(`"${newsletterMessages.tooManyTests}"`),
  },
});

export const sendCampaign = endpoint({
  method: 'POST',
  path: `${campaignPath}/:id/send`,
  access: 'owner',
  tag: backOfficeTag,
  summary: 'Send a draft now, or schedule it',
  description:
    'Without `at`, sending starts at once; with `at` (a date and time in the firm’s time zone), then. ' +
    'A campaign is sent once: a second request (a double click, another instance) is refused. It is ' +
    'sent as the owner read it: `updatedAt` names that version.',
  params: idParams,
  body: z.object({
    at: localDateTime('Choose a date and a time')
      .optional()
      .describe('YYYY-MM-DDTHH:MM in the firm’s time zone; leave out to send now.'),
    updatedAt: z.iso
      .datetime({ error: newsletterMessages.seenVersion })
      .describe(
        'The campaign’s `updatedAt` as the owner’s screen loaded it: if it has changed since (a member ' +
          'of staff saved it again), nothing is sent and the answer is 409.',
      ),
  }),
  answers: {
    200: campaignSchema.describe('Sending or scheduled; progress counts the recipients as they are added.'),
    404: noCampaign,
    409: refusal.describe(
      `"${newsletterMessages.alreadySent}" or "${newsletterMessages.changedSinceOpened}"`,
    ),
    422: refusal.describe(`"${newsletterMessages.pastTime}", or the time cannot be read.`),
  },
});

export const cancelCampaign = endpoint({
  method: 'POST',
  path: `${campaignPath}/:id/cancel`,
  access: 'owner',
  tag: backOfficeTag,
  summary: 'Cancel a draft or a scheduled campaign before it is sent',
  params: idParams,
  answers: {
    200: campaignSchema,
    404: noCampaign,
    409: refusal.describe(`"${newsletterMessages.notCancellable}"`),
  },
});

const archiveTag = 'Newsletter archive';

export const newsletterArchive = endpoint({
  method: 'GET',
  path: newsletterArchivePath,
  access: 'public',
  tag: archiveTag,
  summary: 'The archive of past newsletter issues, newest first',
  answers: { 200: htmlPage('The list of issues sent.') },
});

export const newsletterIssue = endpoint({
  method: 'GET',
  path: `${newsletterArchivePath}/:slug`,
  access: 'public',
  tag: archiveTag,
  summary: 'One past issue of the newsletter as a web page',
  params: z.object({ slug: z.string() }),
  answers: {
    200: htmlPage('The issue, without any subscriber’s unsubscribe link.'),
    404: htmlPage('No issue was sent at this address.'),
  },
});

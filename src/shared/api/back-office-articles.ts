import { articleMessages, articleStatuses, coverTypes, slugMaxLength, slugPattern } from '../articles.ts';
import { backOfficeApi } from '../back-office.ts';
import { localDateTime } from '../local-date-time.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';

// The back office's Insights screen: articles written by staff, their cover images, and their way from
// draft to scheduled to published (and back to draft). Every member of staff may write; a change by a
// member of staff who is not an owner to a published or scheduled article waits, as a pending revision,
// for an owner to publish or discard it.

const articlesPath = `${backOfficeApi}/articles`;

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, { error: message });
const required = (max: number, message: string) =>
  text(max, message).refine((value) => value !== '', { error: message });
const oneLine = (max: number, message: string) =>
  required(max, message).refine((value) => !/[\r\n\p{Cc}]/u.test(value), { error: message });

/** What the editor saves: everything but the state and the cover's bytes. */
export const articleDraftSchema = z
  .object({
    title: oneLine(150, articleMessages.title),
    summary: required(300, articleMessages.summary).refine(
      (value) => !/\p{Cc}/u.test(value.replace(/\r?\n/g, ' ')),
      {
        error: articleMessages.summary,
      },
    ),
    slug: z
      .string({ error: articleMessages.slug })
      .trim()
      .max(slugMaxLength, { error: articleMessages.slug })
      .regex(slugPattern, { error: articleMessages.slug }),
    tags: text(400, articleMessages.tags).describe('Comma separated; each is made lower-case-and-hyphens.'),
    authorUserId: z.number({ error: articleMessages.author }).int({ error: articleMessages.author }),
    authorName: oneLine(80, articleMessages.authorName).describe('The byline readers see.'),
    body: z.string({ error: articleMessages.body }).max(100_000, { error: articleMessages.body }),
    coverAlt: text(200, articleMessages.coverAlt).default(''),
  })
  .strict();
export type ArticleDraft = z.input<typeof articleDraftSchema>;

export const articleSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(articleStatuses),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishAt: z.string().nullable().describe('When a scheduled article goes out (UTC).'),
  publishedAt: z.string().nullable().describe('When it first went out (UTC).'),
  pendingRevision: z
    .object({ writtenBy: z.string().nullable(), writtenAt: z.string() })
    .nullable()
    .describe('Changes waiting for an owner: who wrote them (their address) and when (UTC).'),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

const coverSchema = z
  .object({
    alt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    src: z.string().describe('The cover’s largest WebP, for the editor’s preview.'),
  })
  .nullable();

/** A pending revision: the article as it would be once an owner publishes it. */
export const articleRevisionSchema = z.object({
  title: z.string(),
  summary: z.string(),
  slug: z.string(),
  tags: z.array(z.string()),
  authorUserId: z.number().int().nullable(),
  authorName: z.string(),
  body: z.string(),
  cover: coverSchema,
  writtenBy: z.string().nullable().describe('The address of the member of staff who last changed it.'),
  writtenAt: z.string().describe('When it was last changed (UTC).'),
});
export type ArticleRevision = z.infer<typeof articleRevisionSchema>;

export const articleSchema = articleSummarySchema.omit({ pendingRevision: true }).extend({
  summary: z.string(),
  tags: z.array(z.string()),
  authorUserId: z.number().int().nullable(),
  body: z.string(),
  cover: coverSchema,
  revision: articleRevisionSchema
    .nullable()
    .describe('Changes waiting for an owner; the fields above are what the site shows (or will).'),
});
export type Article = z.infer<typeof articleSchema>;

const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: articleMessages.noSuchArticle })
    .describe('The article’s id'),
});
const changed = formAnswerSchema.describe('Done: infoMessages says what changed.');

/**
 * The version of the article (its `updatedAt`) or of its pending revision (its `writtenAt`) that the
 * owner's screen showed: an owner publishes, schedules or sends only what they read, so a change made
 * since (by a member of staff, say) refuses the act with 409 instead of making it public unseen.
 */
const seenVersion = (what: string) =>
  z.iso
    .datetime({ error: articleMessages.seenVersion })
    .describe(`${what} as the owner’s screen loaded it; if it has changed since, the answer is 409.`);
const articleSeen = z.object({ updatedAt: seenVersion('The article’s `updatedAt`') }).strict();
const changedSinceOpened = refusal.describe(`"${articleMessages.changedSinceOpened}"`);
const noSuchArticle = refusal.describe(`"${articleMessages.noSuchArticle}"`);
const slugTaken = refusal.describe(`"${articleMessages.slugTaken}"`);

export const listArticles = endpoint({
  method: 'GET',
  path: articlesPath,
  access: 'staff',
  tag: 'Back office',
  summary: 'Every article, newest change first, and the staff who may be named as authors',
  answers: {
    200: z.object({
      articles: z.array(articleSummarySchema),
      authors: z
        .array(z.object({ id: z.number().int(), email: z.string(), name: z.string() }))
        .describe('Active staff; `name` is their adviser name when they have one, else empty.'),
      timeZone: z.string().describe('The firm’s time zone, in which a publish time is given.'),
    }),
  },
});

export const getArticle = endpoint({
  method: 'GET',
  path: `${articlesPath}/:id`,
  access: 'staff',
  tag: 'Back office',
  summary: 'One article, as the editor shows it',
  params: idParams,
  answers: { 200: articleSchema, 404: noSuchArticle },
});

export const createArticle = endpoint({
  method: 'POST',
  path: articlesPath,
  access: 'staff',
  tag: 'Back office',
  summary: 'Start an article, as a draft',
  body: articleDraftSchema,
  answers: {
    201: formAnswerSchema.extend({ id: z.number().int() }).describe(`"${articleMessages.created}"`),
    409: slugTaken,
    422: refusal.describe('One message per field that needs changing.'),
  },
});

export const saveArticle = endpoint({
  method: 'PUT',
  path: `${articlesPath}/:id`,
  access: 'staff',
  tag: 'Back office',
  summary: 'Save an article’s text, address, tags and author',
  description:
    'A draft, or any article an owner saves, changes at once. A published or scheduled article saved by ' +
    `a member of staff who is not an owner is kept as its pending revision ("${articleMessages.revisionSaved}").`,
  params: idParams,
  body: articleDraftSchema.extend({
    updatedAt: seenVersion('The article’s `updatedAt`')
      .optional()
      .describe(
        'The version the editor read: a change saved since (by someone else, or a cover) refuses the ' +
          'save (409), so that no one overwrites another’s words, or publishes them, unread.',
      ),
    revisionWrittenAt: seenVersion('The pending revision’s `writtenAt`')
      .nullable()
      .optional()
      .describe(
        'The pending revision’s `writtenAt` as the editor read it, or null if none was pending: when the ' +
          'save is kept for review and the revision was written since, it is refused (409).',
      ),
  }),
  answers: {
    200: formAnswerSchema
      .extend({
        updatedAt: z
          .string()
          .describe('The article’s `updatedAt` after the save: the version to publish or schedule.'),
      })
      .describe('Saved: infoMessages says whether it went live or waits for an owner.'),
    404: noSuchArticle,
    409: refusal.describe(`"${articleMessages.slugTaken}" or "${articleMessages.savedSinceOpened}"`),
    422: refusal.describe('One message per field that needs changing.'),
  },
});

export const scheduleArticle = endpoint({
  method: 'POST',
  path: `${articlesPath}/:id/schedule`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Publish an article at a time to come, given in the firm’s time zone',
  params: idParams,
  body: articleSeen.extend({
    publishAt: localDateTime(articleMessages.publishAt).describe(
      'YYYY-MM-DDTHH:MM, the firm’s wall-clock time.',
    ),
  }),
  answers: {
    200: changed,
    404: noSuchArticle,
    409: changedSinceOpened,
    422: refusal.describe(`"${articleMessages.publishAt}" or "${articleMessages.notReady}"`),
  },
});

export const publishArticle = endpoint({
  method: 'POST',
  path: `${articlesPath}/:id/publish`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Publish an article now',
  params: idParams,
  body: articleSeen,
  answers: {
    200: changed,
    404: noSuchArticle,
    409: changedSinceOpened,
    422: refusal.describe(`"${articleMessages.notReady}"`),
  },
});

export const unpublishArticle = endpoint({
  method: 'POST',
  path: `${articlesPath}/:id/unpublish`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Take an article off the site (or out of the schedule): it is a draft again',
  params: idParams,
  answers: { 200: changed, 404: noSuchArticle },
});

export const uploadArticleCover = endpoint({
  method: 'PUT',
  path: `${articlesPath}/:id/cover`,
  access: 'staff',
  tag: 'Back office',
  summary:
    'Upload the cover image (JPEG, PNG or WebP up to 8 MB); it is made into AVIF and WebP at several widths',
  description:
    'As saving the text: on a published or scheduled article, a member of staff who is not an owner ' +
    'changes its pending revision, not the site.',
  params: idParams,
  body: z
    .object({
      contentType: z.enum(coverTypes, { error: articleMessages.coverType }),
      data: z.base64({ error: articleMessages.coverUnreadable }).describe('The file’s bytes, base64.'),
      alt: oneLine(200, articleMessages.coverAlt),
    })
    .strict(),
  answers: {
    200: changed,
    404: noSuchArticle,
    413: refusal.describe(`"${articleMessages.coverSize}" or "${articleMessages.coverPixels}"`),
    422: refusal.describe(
      `"${articleMessages.coverType}", "${articleMessages.coverUnreadable}" or "${articleMessages.coverAlt}"`,
    ),
  },
});

const noRevision = refusal.describe(`"${articleMessages.noRevision}" or "${articleMessages.noSuchArticle}"`);

export const publishArticleRevision = endpoint({
  method: 'POST',
  path: `${articlesPath}/:id/revision/publish`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Publish the changes a member of staff made to a published or scheduled article',
  params: idParams,
  body: z.object({ writtenAt: seenVersion('The revision’s `writtenAt`') }).strict(),
  answers: {
    200: changed,
    404: noRevision,
    409: refusal.describe(
      `"${articleMessages.revisionChangedSinceOpened}" or "${articleMessages.slugTaken}"`,
    ),
  },
});

export const discardArticleRevision = endpoint({
  method: 'POST',
  path: `${articlesPath}/:id/revision/discard`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Discard the changes waiting for review: the article stays as it is',
  params: idParams,
  answers: { 200: changed, 404: noRevision },
});

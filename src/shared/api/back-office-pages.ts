import { backOfficeApi } from '../back-office.ts';
import { pageRoles } from '../page-roles.ts';
import {
  pageMessages,
  pageNavPlaces,
  pagePathMaxLength,
  pagePathPattern,
  pagePictureMessages,
} from '../pages.ts';
import { photoTypes } from '../photos.ts';
import { pageDocumentSchema } from '../sections.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, htmlPage, refusal } from './endpoint.ts';

// The back office's Pages screen (docs/decisions/023-pages-are-sections.md): every member of staff edits
// a page's draft, which saves as it is typed; an owner publishes it, now or at a time to come, restores an
// earlier version into the draft, moves a page to a new address and removes it.

const pagesPath = `${backOfficeApi}/pages`;

const pagePath = z
  .string({ error: pageMessages.path })
  .trim()
  .max(pagePathMaxLength, { error: pageMessages.path })
  .regex(pagePathPattern, { error: pageMessages.path })
  .describe('Where the page is published: a / then lower-case words joined by hyphens.');

const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: pageMessages.noSuchPage })
    .describe('The page’s id'),
});
const revisionParams = idParams.extend({
  number: z
    .string()
    .regex(/^\d{1,9}$/, { error: pageMessages.noSuchRevision })
    .describe('The version’s number'),
});
const draftVersion = z
  .number()
  .int()
  .describe('The draft’s version the editor read; if it has been saved since, the answer is 409.');
const noSuchPage = refusal.describe(`"${pageMessages.noSuchPage}"`);
const savedElsewhere = refusal.describe(`Saved by someone else since: "${pageMessages.savedElsewhere}"`);

export const pageSummarySchema = z.object({
  id: z.number().int(),
  path: z.string(),
  title: z.string().describe('The draft’s title.'),
  nav: z.enum(pageNavPlaces).describe('Where the navigation lists it while it is published.'),
  navLabel: z.string().describe('The words it is listed by; empty for its title.'),
  navOrder: z.number().int().describe('Its place among the pages listed there.'),
  builtIn: z
    .boolean()
    .describe(
      'A page the site is built around (home, contact, the policies…): its address stays, it is never removed, and it keeps the section it is there for.',
    ),
  live: z
    .object({ number: z.number().int(), publishedAt: z.string() })
    .nullable()
    .describe('The version visitors see; null until first published.'),
  draftDiffers: z.boolean().describe('Whether the draft holds changes visitors do not see yet.'),
  publishAt: z.string().nullable().describe('When a scheduled publish goes out (UTC).'),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const listPages = endpoint({
  method: 'GET',
  path: pagesPath,
  access: 'staff',
  tag: 'Back office',
  summary: 'Every page, in the order of the site’s navigation',
  answers: { 200: z.object({ pages: z.array(pageSummarySchema) }) },
});

export const pageSchema = pageSummarySchema.extend({
  role: z
    .enum(pageRoles)
    .nullable()
    .describe('Which page the site is built around this is, for one that is (shared/page-roles.ts).'),
  draft: pageDocumentSchema,
  draftVersion,
  draftSavedAt: z.string(),
  advisers: z
    .array(z.object({ id: z.number().int(), name: z.string() }))
    .describe('The advisers who take calls, by name: a team member may offer "Book a call with …" with one.'),
  revisions: z
    .array(
      z.object({ number: z.number().int(), publishedAt: z.string(), publishedBy: z.string().nullable() }),
    )
    .describe('Every version published, newest first; publishedBy is the address of who published it.'),
});
export type SitePage = z.infer<typeof pageSchema>;

export const getPage = endpoint({
  method: 'GET',
  path: `${pagesPath}/:id`,
  access: 'staff',
  tag: 'Back office',
  summary: 'One page: its draft, the version live and every version published',
  params: idParams,
  answers: { 200: pageSchema, 404: noSuchPage },
});

export const uploadPagePicture = endpoint({
  method: 'POST',
  path: `${pagesPath}/pictures`,
  access: 'staff',
  tag: 'Back office',
  summary:
    'Upload a picture for a page’s section (JPEG, PNG or WebP up to 8 MB); it is made into AVIF and WebP at several widths',
  body: z
    .object({
      contentType: z.enum(photoTypes, { error: pagePictureMessages.type }),
      data: z.base64({ error: pagePictureMessages.unreadable }).describe('The file’s bytes, base64.'),
    })
    .strict(),
  answers: {
    201: formAnswerSchema
      .extend({
        key: z.string().describe('Names the picture in a section’s `key`.'),
        width: z.number().int(),
        height: z.number().int(),
      })
      .describe(`"${pagePictureMessages.uploaded}"`),
    413: refusal.describe(`"${pagePictureMessages.size}" or "${pagePictureMessages.pixels}"`),
    422: refusal.describe('Not a photo that can be taken, in words starting "Picture:".'),
  },
});

export const previewPage = endpoint({
  method: 'GET',
  path: `${pagesPath}/:id/preview`,
  access: 'staff',
  tag: 'Back office',
  summary: 'The draft drawn as visitors would see it once published, for the editor’s preview',
  description: 'Kept out of search engines, and shown only in a frame of this site.',
  params: idParams,
  answers: { 200: htmlPage('The draft as a page.'), 404: noSuchPage },
});

export const createPage = endpoint({
  method: 'POST',
  path: pagesPath,
  access: 'staff',
  tag: 'Back office',
  summary: 'Start a page of the firm’s own at an address, as a draft',
  body: z
    .object({
      path: pagePath,
      title: pageDocumentSchema.shape.title,
      description: pageDocumentSchema.shape.description,
    })
    .strict(),
  answers: {
    201: formAnswerSchema.extend({ id: z.number().int() }).describe(`"${pageMessages.created}"`),
    409: refusal.describe(`"${pageMessages.pathTaken}"`),
    422: refusal.describe('One message per field that needs changing.'),
  },
});

export const savePageDraft = endpoint({
  method: 'PUT',
  path: `${pagesPath}/:id/draft`,
  access: 'staff',
  tag: 'Back office',
  summary: 'Save a page’s draft (the editor saves as it is typed); visitors see nothing of it yet',
  params: idParams,
  body: z.object({ document: pageDocumentSchema, basedOn: draftVersion }).strict(),
  answers: {
    200: formAnswerSchema
      .extend({ draftVersion: z.number().int().describe('The draft’s version now.') })
      .describe(`"${pageMessages.saved}"`),
    404: noSuchPage,
    409: savedElsewhere,
    422: refusal.describe(
      'One message per problem, each naming the section and field; "Picture: upload it again." for a picture the site does not hold; for a page the site is built around that lost the section it is there for, "This page is where visitors find …: put that section back before saving."',
    ),
  },
});

export const publishPage = endpoint({
  method: 'POST',
  path: `${pagesPath}/:id/publish`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Publish the draft as read, now or at a time to come; each publish is kept as a version',
  params: idParams,
  body: z
    .object({
      basedOn: draftVersion,
      at: z.iso.datetime().optional().describe('When to publish it (UTC); now when left out.'),
    })
    .strict(),
  answers: {
    200: formAnswerSchema.describe(`"${pageMessages.published}" or "${pageMessages.scheduled}"`),
    404: noSuchPage,
    409: savedElsewhere,
    422: refusal.describe(`"${pageMessages.nothingToPublish}"`),
  },
});

export const getPageRevision = endpoint({
  method: 'GET',
  path: `${pagesPath}/:id/revisions/:number`,
  access: 'staff',
  tag: 'Back office',
  summary: 'A version of the page as it was published',
  params: revisionParams,
  answers: {
    200: z.object({ number: z.number().int(), path: z.string(), document: pageDocumentSchema }),
    404: refusal.describe(`"${pageMessages.noSuchPage}" or "${pageMessages.noSuchRevision}"`),
  },
});

export const restorePageRevision = endpoint({
  method: 'POST',
  path: `${pagesPath}/:id/revisions/:number/restore`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Put a version published before into the draft, to be published again',
  params: revisionParams,
  body: z.object({ basedOn: draftVersion }).strict(),
  answers: {
    200: formAnswerSchema.extend({ draftVersion: z.number().int() }).describe(`"${pageMessages.restored}"`),
    404: refusal.describe(`"${pageMessages.noSuchPage}" or "${pageMessages.noSuchRevision}"`),
    409: savedElsewhere,
  },
});

export const movePage = endpoint({
  method: 'PUT',
  path: `${pagesPath}/:id/path`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Move a page to a new address; the old one answers 301 to it from now on',
  params: idParams,
  body: z.object({ path: pagePath }).strict(),
  answers: {
    200: formAnswerSchema.describe(`"${pageMessages.moved}"`),
    404: noSuchPage,
    409: refusal.describe(
      `"${pageMessages.pathTaken}" or, for a page the site is built around, "${pageMessages.builtInAddress}"`,
    ),
    422: refusal.describe(`"${pageMessages.path}"`),
  },
});

export const setPageNav = endpoint({
  method: 'PUT',
  path: `${pagesPath}/:id/nav`,
  access: 'owner',
  tag: 'Back office',
  summary: 'List a page in the main navigation or the footer’s, or in neither',
  params: idParams,
  body: z
    .object({
      place: z.enum(pageNavPlaces, { error: pageMessages.navPlace }),
      label: z
        .string({ error: pageMessages.navLabel })
        .trim()
        .max(30, { error: pageMessages.navLabel })
        .refine((text) => !/[\p{Cc}]/u.test(text), { error: pageMessages.navLabel })
        .describe('The words it is listed by; empty for its title.'),
      order: z.number().int().min(0).max(99).default(0).describe('Its place among the pages listed there.'),
    })
    .strict(),
  answers: {
    200: formAnswerSchema.describe(`"${pageMessages.navChanged}"`),
    404: noSuchPage,
    422: refusal.describe('One message per field that needs changing.'),
  },
});

export const removePage = endpoint({
  method: 'DELETE',
  path: `${pagesPath}/:id`,
  access: 'owner',
  tag: 'Back office',
  summary: 'Remove a page: its address, and every address it had, answer 410 from now on',
  params: idParams,
  answers: {
    200: formAnswerSchema.describe(`"${pageMessages.removed}"`),
    404: noSuchPage,
    409: refusal.describe(`A page the site is built around: "${pageMessages.builtInRemoval}"`),
  },
});

// Articles ("Insights"): the words and rules shared by the back office's editor, its API and the public
// pages.

export const articleStatuses = ['draft', 'scheduled', 'published'] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

export const articleStatusLabels: Record<ArticleStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

/** Where the public pages live. */
export const insightsPath = '/insights';
export const insightsTagPath = (tag: string) => `${insightsPath}/tag/${tag}`;
export const articlePath = (slug: string) => `${insightsPath}/${slug}`;
export const coverImagePath = (name: string) => `${insightsPath}/images/${name}`;

/** Lower-case letters and digits in words joined by single hyphens: how a slug (and a tag) must look. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugMaxLength = 80;

/** A slug made from a title: accents dropped, anything else between words a single hyphen. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, slugMaxLength)
    .replace(/-+$/, '');
}

/**
 * Tags as typed, comma separated, made into a list: each a slug ("Making Tax Digital" → "making-tax-digital"),
 * empty ones dropped and each kept once, in the order written. A tag is its own page's address, so it
 * has one spelling.
 */
export function normaliseTags(text: string): string[] {
  return [...new Set(text.split(',').map(slugify).filter(Boolean))].slice(0, 10);
}

/** A tag's words for a reader: "making-tax-digital" → "making tax digital". */
export const tagLabel = (tag: string) => tag.replaceAll('-', ' ');

/** Cover images are photos (photos.ts): what may be uploaded, and the widths made from it. */
export {
  photoMaxBytes as coverMaxBytes,
  photoTypes as coverTypes,
  photoWidths as coverWidths,
} from './photos.ts';

export const articleMessages = {
  title: 'Give the article a title (up to 150 characters).',
  summary: 'Write a summary of up to 300 characters: it is shown in the list and when the article is shared.',
  slug: 'The address may use lower-case letters, digits and single hyphens only (up to 80 characters).',
  slugTaken: 'Another article already uses that address: choose another.',
  tags: 'Tags are words separated by commas (up to 10).',
  authorName: 'Give the name readers see as the author (up to 80 characters).',
  author: 'Choose the member of staff who wrote it.',
  body: 'The article’s text may be up to 100,000 characters.',
  publishAt: 'Choose a date and time in the future to publish it.',
  coverAlt: 'Describe the cover image for readers who cannot see it (up to 200 characters).',
  coverType: 'The cover must be a JPEG, PNG or WebP image.',
  coverSize: 'The cover image may be up to 8 MB: make it smaller and upload it again.',
  coverPixels:
    'The cover image is larger than 100 megapixels: save it smaller (3,000 pixels across is plenty).',
  coverUnreadable: 'That file could not be read as an image: upload a JPEG, PNG or WebP picture.',
  noSuchArticle: 'There is no such article.',
  saved: 'Saved.',
  created: 'Article created as a draft.',
  scheduled: 'Scheduled.',
  published: 'Published: it is on the site now.',
  unpublished: 'Unpublished: it is a draft again and no longer on the site.',
  coverSaved: 'Cover image saved.',
  notReady: 'Give it a title, a summary and some text before publishing.',
  revisionSaved:
    'Saved for review: the site shows the article as it was until an owner publishes your changes.',
  coverRevisionSaved:
    'Cover image saved for review: the site shows the article as it was until an owner publishes your changes.',
  revisionPublished: 'Changes published: they are on the site now.',
  revisionDiscarded: 'Changes discarded: the article stays as it is on the site.',
  noRevision: 'This article has no changes waiting for review.',
  changedSinceOpened:
    'This article was changed since you opened it: read it again before you publish or schedule it.',
  savedSinceOpened:
    'Someone else saved this article while you were editing it, so your changes were not saved. They are ' +
    'still in the form: save again to replace the other version, or reload the page to read it first.',
  revisionChangedSinceOpened:
    'These changes were edited again since you opened them: read them again before you publish them.',
  seenVersion: 'Open the article again: the page did not say which version of it you read.',
} as const;

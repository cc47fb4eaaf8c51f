// The firm's own pages (docs/decisions/023-pages-are-sections.md): their addresses and the words the
// back office's Pages screen answers with.

/** One word or several joined by hyphens, lower case, as /landlords or /farms-and-estates. */
export const pagePathPattern = /^\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const pagePathMaxLength = 60;

/** Where the sizes of a page's pictures are served, each by its name (`<key>-<width>.<avif|webp>`). */
export const pagePicturesPath = '/page-pictures';

export const pageNavPlaces = ['main', 'footer', 'none'] as const;
export type PageNavPlace = (typeof pageNavPlaces)[number];

export const pagePictureMessages = {
  type: 'Picture: upload a JPEG, PNG or WebP photo.',
  size: 'Picture: the file is larger than 8 MB. Save it smaller and upload it again.',
  pixels:
    'Picture: the picture is larger than 100 megapixels. Save it smaller: 3,000 pixels across is plenty.',
  unreadable: 'Picture: the file could not be read as a picture. Upload a JPEG, PNG or WebP photo.',
  mislabelled:
    'Picture: the file is not the kind of picture its name says. Save it again as a JPEG, PNG or WebP.',
  uploaded: 'Picture uploaded. Describe it for visitors who cannot see it, or mark it as decoration.',
} as const;

export const pageMessages = {
  path: `Address: a / then lower-case words joined by hyphens, such as /landlords, up to ${pagePathMaxLength} characters.`,
  pathTaken: 'Address: another page, or a part of the site, already answers there. Choose another.',
  created: 'Page started, as a draft. Visitors see it once an owner publishes it.',
  noSuchAdviser: 'Book a call: choose one of the firm’s advisers, or none.',
  saved: 'Draft saved.',
  savedElsewhere:
    'Someone else saved this page since you opened it, so your last changes are not saved. Show their version to go on from it (it replaces what you typed since your last save).',
  theirVersion: 'Replace what you typed since your last save with the version saved by someone else?',
  unsavedWarning: 'This page has changes that are not saved. Leave without saving them?',
  published: 'Published: visitors see this version now.',
  scheduled: 'Scheduled: this version goes live at the time given.',
  restored: 'That version is in the draft now. Publish it to show it to visitors.',
  moved: 'Address changed. The old address sends visitors here.',
  navChanged: 'Navigation changed. Visitors see it on every page now.',
  navPlace: 'Navigation: choose the main navigation, the footer, or neither.',
  navLabel: 'Words in the navigation: up to 30 characters on one line, or none for the page’s title.',
  removed: 'Page removed. Its address tells visitors and search engines it has gone.',
  builtInAddress:
    'Address: this page’s address stays, because the site’s forms, emails and other pages link to it.',
  builtInRemoval:
    'This page stays, because the site’s forms, emails and other pages link to it. To keep it out of sight, take it out of the navigation.',
  noSuchPage: 'There is no such page.',
  noSuchRevision: 'There is no such version of this page.',
  nothingToPublish: 'The draft is the version visitors see already.',
} as const;

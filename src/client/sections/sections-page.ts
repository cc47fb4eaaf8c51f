// How a page of sections is known between the server's renderer, the build and the browser entry, apart
// from the page itself so that the entry can name it without loading it.

/** The page id the browser entry knows a page of sections by (`data-page`). */
export const sectionsPageId = 'sections';
/** Where a page of sections carries its document for the browser to hydrate with. */
export const pageDocumentId = 'page-document';
/** The page's module, as the build's manifest names it. */
export const sectionsPageSource = 'src/client/sections/SectionsPage.tsx';

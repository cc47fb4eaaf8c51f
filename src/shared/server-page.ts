// Tokens in the prerendered shell (dist/server-page.html) that the server fills in for its own pages.
export const serverPageTitleToken = '%SERVER_PAGE_TITLE%';
export const serverPageContentToken = '%SERVER_PAGE_CONTENT%';

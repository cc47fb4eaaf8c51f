// Tokens in the shell of the pages the server writes (src/client/prerender.tsx) that the server fills in for its own pages.
export const serverPageTitleToken = '%SERVER_PAGE_TITLE%';
export const serverPageContentToken = '%SERVER_PAGE_CONTENT%';
/** In the shell's <head>: what a page the server writes adds there (description, canonical, sharing tags). */
export const serverPageHeadToken = '%SERVER_PAGE_HEAD%';

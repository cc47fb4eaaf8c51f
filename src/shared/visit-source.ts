// Where a visitor came from (decision 028, docs/behaviour/back-office.md#reports): a script on the public
// pages keeps the visit's first page and the page that linked to it in session storage (no cookie, no
// third party), and each lead form sends them as two optional fields (visit-source-schema.ts). The server
// keeps only what it needs of them (leads/sources.ts). Without the schema library: every page runs this.

/** The UTM parameters kept from the first page's address; any other query parameter is never kept. */
export const utmParameters = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

export const visitSourceLimits = { landingPage: 1000, referrer: 1000 } as const;

export interface VisitSource {
  landingPage?: string;
  referrer?: string;
}

import type { SiteFirm } from '#shared/site-firm.ts';

// The navigation: the pages the firm lists (the back office's Pages, in their order), around the two
// parts of the site that are not pages a firm writes, the articles and the staff's way in.

const insights = { href: '/insights', label: 'Insights' };

/** The header's links: the pages listed in the main navigation, then the articles. */
export const mainLinks = (pages: SiteFirm['pages']) => [
  ...pages.filter((page) => page.place === 'main'),
  insights,
];

/** The footer's links: home, the main navigation's, the footer's own pages, and the staff's sign-in. */
export const footerLinks = (pages: SiteFirm['pages']) => [
  { href: '/', label: 'Home' },
  ...mainLinks(pages),
  ...pages.filter((page) => page.place === 'footer'),
  { href: '/login', label: 'Staff sign-in' },
];

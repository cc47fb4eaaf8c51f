import type { ComponentType } from 'react';

/** What prerendering needs to know about a page besides its component. */
export interface PageMeta {
  /** URL path, or null for the not-found page (written as 404.html). */
  path: string | null;
  title: string;
  description: string;
  /** Keeps the page out of search results and the sitemap: pages reached only through a form or a link. */
  noindex?: boolean;
  /** The page sends a form behind the bot check (the booking modal too), so it carries its public settings. */
  botCheck?: boolean;
  /**
   * `staff`: the page brings its own layout (the back office's), so none of the public header, footer,
   * newsletter form or cookie banner is rendered around it, prerendered or in the browser.
   */
  layout?: 'public' | 'staff';
}

/** Every `pages/<id>/page.tsx` exports these two. */
export interface PageModule {
  default: ComponentType;
  meta: PageMeta;
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Renderer from '#client/prerender.tsx';
import { demoFirmDetails } from '#server/features/firm/demo-firm.ts';
import { siteFirmOf } from '#server/features/firm/site-firm-of.ts';
import { demoPages } from '#server/features/pages/built-in-pages.ts';
import { navigationOf } from '#server/features/pages/live-pages.ts';

// Every page of the site: the build's own (found from its page renderer, dist/ssr/prerender.js) and the
// pages the site is built around (the seed's), so that a new page is checked without touching the tests
// that go through every page.

const dist = path.resolve(import.meta.dirname, '../../dist');
const renderer: typeof Renderer = await import(pathToFileURL(path.join(dist, 'ssr/prerender.js')).href);

/** Every page's path, sorted; the not-found page as '/404'. */
export const sitePagePaths: string[] = [
  ...renderer.pageCatalogue().map((page) => page.meta.path ?? '/404'),
  ...demoPages().map((page) => page.path),
].sort();

/** The pages search engines are told of at start: those the site is built around. */
export const publicPagePaths: string[] = demoPages()
  .map((page) => page.path)
  .sort();

/** Every page's whole document as the server renders it for the demo firm, before its tokens are filled. */
export function renderedPages(): { path: string; html: string }[] {
  const assets = JSON.parse(readFileSync(path.join(dist, 'page-assets.json'), 'utf8'));
  const details = demoFirmDetails();
  const firm = {
    ...siteFirmOf(details),
    pages: navigationOf(demoPages()),
  };
  return [
    ...renderer
      .renderSite(firm, assets)
      .pages.map((page) => ({ path: page.path ?? '/404', html: page.html })),
    ...demoPages().map(({ path: pagePath, document }) => ({
      path: pagePath,
      html: renderer.renderSectionsPage(firm, assets, { path: pagePath, document }),
    })),
  ].sort((a, b) => a.path.localeCompare(b.path));
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Renderer from '#client/prerender.tsx';
import { demoFirmDetails } from '#server/features/firm/demo-firm.ts';
import { siteFirmOf } from '#server/features/firm/site-firm-of.ts';

// The pages of the build, found from its page renderer (dist/ssr/prerender.js) so that a new page is
// checked without touching the tests that go through every page.

const dist = path.resolve(import.meta.dirname, '../../dist');
const renderer: typeof Renderer = await import(pathToFileURL(path.join(dist, 'ssr/prerender.js')).href);

/** Every page's path, sorted; the not-found page as '/404'. */
export const builtPagePaths: string[] = renderer
  .pageCatalogue()
  .map((page) => page.meta.path ?? '/404')
  .sort();

/** Every page's whole document as the server renders it for the demo firm, before its tokens are filled. */
export function renderedPages(): { path: string; html: string }[] {
  const assets = JSON.parse(readFileSync(path.join(dist, 'page-assets.json'), 'utf8'));
  return renderer
    .renderSite(siteFirmOf(demoFirmDetails()), assets)
    .pages.map((page) => ({ path: page.path ?? '/404', html: page.html }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

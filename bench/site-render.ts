// `npm run bench:render`: how long the server takes to render the whole site again after the firm's
// details change (docs/decisions/022-the-firm-is-data.md), and the memory the rendered pages hold. Runs
// the build's renderer (dist/ssr/prerender.js) as SitePages does, alternating two firms so that no
// render repeats the one before. Exits non-zero when the median render of 20 pages passes one second.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Renderer from '#client/prerender.tsx';
import { demoFirmDetails } from '#server/features/firm/demo-firm.ts';
import { siteFirmOf } from '#server/features/firm/site-firm-of.ts';
import { demoPages } from '#server/features/pages/built-in-pages.ts';
import { firmDetailsSchema } from '#shared/firm-details.ts';
import { obrienAndMarsh } from '#tests/support/firms.ts';

const dist = path.resolve('dist');
const renderer: typeof Renderer = await import(pathToFileURL(path.join(dist, 'ssr/prerender.js')).href);
const assets = JSON.parse(readFileSync(path.join(dist, 'page-assets.json'), 'utf8')) as Renderer.SiteAssets;
const firms = [siteFirmOf(demoFirmDetails()), siteFirmOf(firmDetailsSchema.parse(obrienAndMarsh))];
const renders = 40;
const warmUp = 5;
const budgetMsPer20Pages = 1000;

const timings: number[] = [];
let pages = 0;
let bytes = 0;
for (let i = 0; i < renders + warmUp; i++) {
  const started = performance.now();
  const firm = firms[i % 2] as (typeof firms)[number];
  const site = renderer.renderSite(firm, assets);
  // The pages of sections, as PublishedPages draws them again after the change.
  const drawn = demoPages().map((page) => renderer.renderSectionsPage(firm, assets, page));
  const elapsed = performance.now() - started;
  if (i >= warmUp) timings.push(elapsed);
  pages = site.pages.length + drawn.length;
  bytes = [...site.pages.map((page) => page.html), ...drawn, site.shell].reduce(
    (sum, html) => sum + Buffer.byteLength(html),
    0,
  );
}
timings.sort((a, b) => a - b);
const at = (share: number) => timings[Math.min(timings.length - 1, Math.floor(share * timings.length))] ?? 0;
const per20 = (ms: number) => (ms * 20) / pages;
console.log(`Rendering the whole site again (${pages} pages and the server pages' shell), ${renders} times:`);
console.log(`  median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, worst ${at(1).toFixed(1)} ms`);
console.log(`  per 20 pages: median ${per20(at(0.5)).toFixed(1)} ms (budget ${budgetMsPer20Pages} ms)`);
console.log(`  the rendered pages hold ${(bytes / 1024).toFixed(0)} KB of HTML before compression`);
if (per20(at(0.5)) > budgetMsPer20Pages) {
  console.error('Over budget: a change of the firm would keep the pages stale for too long');
  process.exit(1);
}

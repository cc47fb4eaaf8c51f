import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpSiteInBrowser } from '../support/browser.ts';

// WCAG 2.2 2.4.11 Focus Not Obscured: with the cookie banner showing (a first visit), tabbing through a
// whole page never puts the keyboard on something the banner hides, and its button comes before the
// footer's links.
const t = setUpSiteInBrowser();

const { paths: publicPaths } = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../dist/sitemap.json'), 'utf8'),
) as { paths: string[] };

interface Stop {
  name: string;
  inBanner: boolean;
  inFooter: boolean;
  /** How far, in px, the banner covers the focused element across and down (0 when it does not). */
  covered: [number, number];
}

/** Where the keyboard is, and whether the banner covers it. */
const stopHere = () =>
  t.page.evaluate((): Stop | null => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const banner = document.querySelector('.cookie-banner');
    const box = focused.getBoundingClientRect();
    const cover = banner?.getBoundingClientRect();
    const overlap = (from: number, to: number, coverFrom: number, coverTo: number) =>
      Math.max(0, Math.min(to, coverTo) - Math.max(from, coverFrom));
    const inBanner = !!banner?.contains(focused);
    return {
      name: `${focused.tagName.toLowerCase()} "${(focused.textContent ?? '').trim().slice(0, 40)}"`,
      inBanner,
      inFooter: !!focused.closest('footer'),
      covered:
        cover && !inBanner
          ? [
              overlap(box.left, box.right, cover.left, cover.right),
              overlap(box.top, box.bottom, cover.top, cover.bottom),
            ]
          : [0, 0],
    };
  });

describe.each([320, 1280])('tabbing through every page at %i px with the cookie banner showing', (width) => {
  it.each(publicPaths)(
    '%s: the banner covers no focused element, and its button comes before the footer',
    async (pagePath) => {
      await t.page.setViewportSize({ width, height: width === 320 ? 568 : 800 });
      await t.page.goto(`${t.site.url}${pagePath}`);
      await t.page.waitForSelector('html[data-hydrated]');
      await t.page.getByRole('region', { name: 'Cookies on this site' }).waitFor();
      const stops: Stop[] = [];
      for (let i = 0; i < 300; i++) {
        await t.page.keyboard.press('Tab');
        const stop = await stopHere();
        if (!stop || (stops.length > 0 && stop.name === stops[0]?.name && i > 2)) break;
        stops.push(stop);
      }
      const obscured = stops.filter((stop) => stop.covered[0] > 0 && stop.covered[1] > 0);
      expect(obscured.map((stop) => stop.name)).toEqual([]);
      const button = stops.findIndex((stop) => stop.inBanner && stop.name.startsWith('button'));
      const firstInFooter = stops.findIndex((stop) => stop.inFooter);
      expect(button).toBeGreaterThanOrEqual(0);
      expect(firstInFooter).toBeGreaterThan(button);
    },
  );
});

import { describe, expect, it } from 'vitest';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { publicPagePaths } from '../support/built-pages.ts';

// WCAG 2.2 2.4.11 Focus Not Obscured: with the cookie banner showing (a first visit), tabbing through a
// whole page never puts the keyboard on something the banner hides, and its button comes before the
// footer's links.
const t = setUpSiteInBrowser();

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

/** Tabs from the top of the page until the keyboard comes round again: every stop on the way. */
async function tabThrough(): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < 300; i++) {
    await t.page.keyboard.press('Tab');
    const stop = await stopHere();
    if (!stop || (stops.length > 0 && stop.name === stops[0]?.name && i > 2)) break;
    stops.push(stop);
  }
  return stops;
}

// Each page is loaded once, tabbed through on a small phone, then loaded again on a laptop's screen.
describe('tabbing through every page at 320 and at 1280 px with the cookie banner showing', () => {
  it.each(publicPagePaths)(
    '%s: the banner covers no focused element, and its button comes before the footer',
    async (pagePath) => {
      for (const width of [320, 1280]) {
        await t.page.setViewportSize({ width, height: width === 320 ? 568 : 800 });
        if (width === 320) await t.page.goto(`${t.site.url}${pagePath}`);
        else await t.page.reload();
        await t.page.waitForSelector('html[data-hydrated]');
        await t.page.getByRole('region', { name: 'Cookies on this site' }).waitFor();
        const stops = await tabThrough();
        const obscured = stops.filter((stop) => stop.covered[0] > 0 && stop.covered[1] > 0);
        expect(
          obscured.map((stop) => stop.name),
          `at ${width} px`,
        ).toEqual([]);
        const button = stops.findIndex((stop) => stop.inBanner && stop.name.startsWith('button'));
        const firstInFooter = stops.findIndex((stop) => stop.inFooter);
        expect(button, `at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(firstInFooter, `at ${width} px`).toBeGreaterThan(button);
      }
    },
  );
});

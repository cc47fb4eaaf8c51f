import { headerLeaveTopAbovePx, headerReturnTopBelowPx } from './timings.ts';

/**
 * The header's at-top flag for a new scroll offset (docs/behaviour/site-and-pages.md#header-and-navigation-menu). Between the two thresholds it keeps its
 * previous value, which stops it flickering while a visitor scrolls slowly near the top.
 */
export function nextAtTop(atTop: boolean, scrollY: number): boolean {
  if (scrollY > headerLeaveTopAbovePx) return false;
  if (scrollY < headerReturnTopBelowPx) return true;
  return atTop;
}

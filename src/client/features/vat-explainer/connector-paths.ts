import { connectorFirstDelayMs, connectorLastDelayMs } from '#shared/timings.ts';

/** An element's edges in the diagram's own coordinates. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Side by side (at and above the breakpoint) or stacked (below it). */
export type ConnectorLayout = 'wide' | 'narrow';

/** `into` lines run from the figures to a test; `out` lines from a test to the outcome. */
export type ConnectorKind = 'into' | 'out';

/** How far from the diagram's edge the stacked layout runs its vertical rails. */
export const railInset = 8;
/** Where a stacked line meets a box: level with its heading rather than its middle. */
const headingOffset = 24;

/** The delay of each of `count` lines, spread evenly from the first delay to the last (docs/behaviour/site-and-pages.md#vat-de-minimis-explainer). */
export function connectorDelaysMs(count: number): number[] {
  if (count === 1) return [connectorFirstDelayMs];
  const step = (connectorLastDelayMs - connectorFirstDelayMs) / (count - 1);
  return Array.from({ length: count }, (_, index) => Math.round(connectorFirstDelayMs + index * step));
}

/**
 * The SVG path of one line. Side by side, a smooth S-curve from the right edge of one box to the left
 * edge of the next. Stacked, the lines into the tests run down a rail on the left and the lines out of
 * them down a rail on the right, so the two families never cross.
 */
export function connectorPath(
  from: Box,
  to: Box,
  kind: ConnectorKind,
  layout: ConnectorLayout,
  diagramWidth: number,
): string {
  const round = (n: number) => Math.round(n * 10) / 10;
  if (layout === 'wide') {
    const startY = (from.top + from.bottom) / 2;
    const endY = (to.top + to.bottom) / 2;
    const midX = (from.right + to.left) / 2;
    return `M ${round(from.right)} ${round(startY)} C ${round(midX)} ${round(startY)}, ${round(midX)} ${round(endY)}, ${round(to.left)} ${round(endY)}`;
  }
  if (kind === 'into') {
    return `M ${round(from.left)} ${round(from.bottom - headingOffset)} H ${railInset} V ${round(to.top + headingOffset)} H ${round(to.left)}`;
  }
  const rail = round(diagramWidth - railInset);
  return `M ${round(from.right)} ${round(from.top + headingOffset)} H ${rail} V ${round(to.top + headingOffset)} H ${round(to.right)}`;
}

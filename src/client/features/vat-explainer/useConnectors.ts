import { type RefObject, useLayoutEffect, useState } from 'react';
import { connectorBreakpointPx } from '#shared/timings.ts';
import {
  type Box,
  type ConnectorKind,
  type ConnectorLayout,
  connectorDelaysMs,
  connectorPath,
} from './connector-paths.ts';

/** One line to draw, between two elements marked `data-connector="<name>"` inside the diagram. */
export interface ConnectorLink {
  from: string;
  to: string;
  kind: ConnectorKind;
  /** Drawn solid when the test it touches passes, faint when it does not. */
  passes: boolean;
}

export interface DrawnConnector extends ConnectorLink {
  key: string;
  d: string;
  delayMs: number;
}

const wideQuery = `(min-width: ${connectorBreakpointPx}px)`;

/**
 * Measures the linked elements and returns the lines between them, measured again whenever the diagram
 * or any linked element changes size and when the width crosses the breakpoint. Nothing is drawn until
 * the browser has laid the page out, so the prerendered HTML carries no lines.
 */
export function useConnectors(diagram: RefObject<HTMLElement | null>, links: ConnectorLink[]) {
  const [drawn, setDrawn] = useState<{ layout: ConnectorLayout; lines: DrawnConnector[] } | null>(null);
  // The links change identity on each render; their content is what matters.
  const linksKey = JSON.stringify(links);

  useLayoutEffect(() => {
    const root = diagram.current;
    if (!root) return;
    const currentLinks: ConnectorLink[] = JSON.parse(linksKey);
    const delays = connectorDelaysMs(currentLinks.length);
    const wide = window.matchMedia(wideQuery);

    const measure = () => {
      const origin = root.getBoundingClientRect();
      const boxOf = (name: string): Box | null => {
        const element = root.querySelector(`[data-connector="${name}"]`);
        if (!element) return null;
        const rect = element.getBoundingClientRect();
        return {
          left: rect.left - origin.left,
          top: rect.top - origin.top,
          right: rect.right - origin.left,
          bottom: rect.bottom - origin.top,
        };
      };
      const layout: ConnectorLayout = wide.matches ? 'wide' : 'narrow';
      const lines = currentLinks.flatMap((link, index) => {
        const from = boxOf(link.from);
        const to = boxOf(link.to);
        if (!from || !to) return [];
        const d = connectorPath(from, to, link.kind, layout, origin.width);
        return [{ ...link, key: `${layout}-${link.from}-${link.to}`, d, delayMs: delays[index] ?? 0 }];
      });
      setDrawn({ layout, lines });
    };

    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(root);
    for (const element of root.querySelectorAll('[data-connector]')) resized.observe(element);
    wide.addEventListener('change', measure);
    return () => {
      resized.disconnect();
      wide.removeEventListener('change', measure);
    };
  }, [diagram, linksKey]);

  return drawn;
}

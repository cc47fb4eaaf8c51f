import { entireMetricsCollection } from '@capsizecss/metrics/entireMetricsCollection';
import { describe, expect, it } from 'vitest';
import {
  fallbackDescriptors,
  systemFallbacks,
  typefaceIds,
  typefaceStylesheet,
  typefaces,
} from './typefaces.ts';

/** A typeface's figures as @capsizecss/metrics has them, by its family name ("Source Sans 3" → sourceSans3). */
const capsize = (family: string) => {
  const key = family
    .replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase())
    .replace(/^\w/, (c) => c.toLowerCase());
  // Some faces in the collection lack a figure the fallback does not use; these four have all of them.
  const { unitsPerEm, ascent, descent, lineGap, xWidthAvg } = entireMetricsCollection[
    key as keyof typeof entireMetricsCollection
  ] as Record<'unitsPerEm' | 'ascent' | 'descent' | 'lineGap' | 'xWidthAvg', number>;
  return { unitsPerEm, ascent, descent, lineGap, xWidthAvg };
};

describe('the typefaces a firm chooses from', () => {
  it.each(typefaceIds)('%s carries the figures its metrics give, and so does its system fallback', (id) => {
    expect(typefaces[id].metrics).toEqual(capsize(typefaces[id].family));
    const system = typefaces[id].generic === 'serif' ? 'Times New Roman' : 'Arial';
    expect(systemFallbacks[typefaces[id].generic].metrics).toEqual(capsize(system));
  });

  it('stretches Arial to Figtree’s width and line box, so nothing moves when Figtree arrives', () => {
    // The figures the site used before firms chose a typeface, worked out by hand from the same metrics.
    const figtree = fallbackDescriptors('figtree');
    expect(figtree.sizeAdjust).toBeCloseTo(100.72, 1);
    expect(figtree.ascent).toBeCloseTo(94.32, 1);
    expect(figtree.descent).toBeCloseTo(24.82, 1);
    expect(figtree.lineGap).toBeCloseTo(0, 1);
  });

  it('gives each its own face, a fallback face of the system font of its kind, and a stack naming both', () => {
    const css = typefaceStylesheet('source-serif-4', '/assets/source-serif-4-abc.woff2');
    expect(css).toContain('@font-face{font-family:"Source Serif 4";');
    expect(css).toContain('src:url("/assets/source-serif-4-abc.woff2") format("woff2")');
    expect(css).toContain('@font-face{font-family:"Source Serif 4 Fallback";src:local("Times New Roman")');
    expect(css).toContain(':root{--font:"Source Serif 4", "Source Serif 4 Fallback", Georgia, serif}');
  });
});

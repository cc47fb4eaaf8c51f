import { readFileSync } from 'node:fs';
import path from 'node:path';
import arial from '@capsizecss/metrics/arial';
import figtree from '@capsizecss/metrics/figtree';
import { describe, expect, it } from 'vitest';

const theme = readFileSync(path.resolve(import.meta.dirname, '../../../content/theme.css'), 'utf8');

/** The descriptor of the fallback @font-face, as a percentage. */
function fallbackDescriptor(name: string): number {
  const face = theme.match(/@font-face\s*{[^}]*font-family:\s*"Figtree Fallback"[^}]*}/)?.[0] ?? '';
  const value = face.match(new RegExp(`${name}:\\s*([\\d.]+)%`))?.[1];
  if (value === undefined) throw new Error(`content/theme.css: the fallback face has no ${name}`);
  return Number(value);
}

describe('the typeface fallback in content/theme.css', () => {
  // Arial scaled to Figtree's average letter width, with Figtree's ascent and descent, takes the same
  // room as Figtree: the text does not reflow when the web font arrives.
  const sizeAdjust = figtree.xWidthAvg / figtree.unitsPerEm / (arial.xWidthAvg / arial.unitsPerEm);

  it('scales Arial to Figtree’s average width', () => {
    expect(fallbackDescriptor('size-adjust')).toBeCloseTo(sizeAdjust * 100, 1);
  });

  it('gives the fallback Figtree’s ascent, descent and line gap', () => {
    expect(fallbackDescriptor('ascent-override')).toBeCloseTo(
      (figtree.ascent / figtree.unitsPerEm / sizeAdjust) * 100,
      1,
    );
    expect(fallbackDescriptor('descent-override')).toBeCloseTo(
      (Math.abs(figtree.descent) / figtree.unitsPerEm / sizeAdjust) * 100,
      1,
    );
    expect(fallbackDescriptor('line-gap-override')).toBeCloseTo(
      (figtree.lineGap / figtree.unitsPerEm / sizeAdjust) * 100,
      1,
    );
  });

  it('names the fallback right after Figtree in the site’s font stack', () => {
    expect(theme).toMatch(/--font:\s*"Figtree",\s*"Figtree Fallback",/);
  });
});

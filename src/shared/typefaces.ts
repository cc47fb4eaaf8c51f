// The typefaces a firm chooses from on Firm details: a small set bundled with the site (self-hosted, the
// Latin subset of each as one variable file for every weight), so a firm's choice never costs a visitor
// a request to another company. Each has a fallback face: a system font stretched to its width and line
// box, so the text does not move when the typeface arrives.

/** A typeface's figures in font units, as @capsizecss/metrics gives them (font-fallback.test.ts checks). */
interface Metrics {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  xWidthAvg: number;
}

interface Typeface {
  /** Its family name, as CSS and mail programs name it. */
  family: string;
  /** In the Firm details list: the name and the feel of it. */
  label: string;
  /** Its @fontsource-variable package and file stem. */
  package: string;
  weights: string;
  generic: 'sans-serif' | 'serif';
  metrics: Metrics;
}

export const typefaces = {
  figtree: {
    family: 'Figtree',
    label: 'Figtree: friendly and modern',
    package: 'figtree',
    weights: '300 900',
    generic: 'sans-serif',
    metrics: { unitsPerEm: 1000, ascent: 950, descent: -250, lineGap: 0, xWidthAvg: 449 },
  },
  inter: {
    family: 'Inter',
    label: 'Inter: plain and precise',
    package: 'inter',
    weights: '100 900',
    generic: 'sans-serif',
    metrics: { unitsPerEm: 2048, ascent: 1984, descent: -494, lineGap: 0, xWidthAvg: 978 },
  },
  'source-sans-3': {
    family: 'Source Sans 3',
    label: 'Source Sans 3: classic and compact',
    package: 'source-sans-3',
    weights: '200 900',
    generic: 'sans-serif',
    metrics: { unitsPerEm: 1000, ascent: 1024, descent: -400, lineGap: 0, xWidthAvg: 418 },
  },
  'source-serif-4': {
    family: 'Source Serif 4',
    label: 'Source Serif 4: traditional, with serifs',
    package: 'source-serif-4',
    weights: '200 900',
    generic: 'serif',
    metrics: { unitsPerEm: 1000, ascent: 1036, descent: -335, lineGap: 0, xWidthAvg: 479 },
  },
} as const satisfies Record<string, Typeface>;

export type TypefaceId = keyof typeof typefaces;
export const typefaceIds = Object.keys(typefaces) as [TypefaceId, ...TypefaceId[]];
export const defaultTypeface: TypefaceId = 'figtree';

/** The system fonts each kind falls back to, with their figures: Arial and Times New Roman, whose metric
 *  twins (Liberation Sans and Serif) Linux has. */
export const systemFallbacks = {
  'sans-serif': {
    local: ['Arial', 'ArialMT', 'Liberation Sans'],
    metrics: { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67, xWidthAvg: 913 },
  },
  serif: {
    local: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif'],
    metrics: { unitsPerEm: 2048, ascent: 1825, descent: -443, lineGap: 87, xWidthAvg: 832 },
  },
} as const;

/** The fallback face's descriptors, as percentages: the system font scaled to the typeface's average
 *  letter width, with the typeface's ascent, descent and line gap. */
export function fallbackDescriptors(id: TypefaceId) {
  const { metrics, generic } = typefaces[id];
  const system = systemFallbacks[generic].metrics;
  const sizeAdjust = metrics.xWidthAvg / metrics.unitsPerEm / (system.xWidthAvg / system.unitsPerEm);
  const share = (value: number) => (Math.abs(value) / metrics.unitsPerEm / sizeAdjust) * 100;
  return {
    sizeAdjust: sizeAdjust * 100,
    ascent: share(metrics.ascent),
    descent: share(metrics.descent),
    lineGap: share(metrics.lineGap),
  };
}

/** The font stack of a typeface: itself, its fallback face, then the system's. */
export const fontStack = (id: TypefaceId) =>
  `"${typefaces[id].family}", "${typefaces[id].family} Fallback", ${typefaces[id].generic === 'serif' ? 'Georgia, serif' : 'system-ui, sans-serif'}`;

/** The Latin characters each typeface's file holds (fontsource's `latin` subset). */
const latin =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

/** The @font-face rules of a typeface whose file the site serves at `fileUrl`, and the stack that uses them. */
export function typefaceStylesheet(id: TypefaceId, fileUrl: string): string {
  const { family, weights, generic } = typefaces[id];
  const fallback = fallbackDescriptors(id);
  const percent = (value: number) => `${value.toFixed(2)}%`;
  return (
    `@font-face{font-family:"${family}";font-style:normal;font-display:swap;font-weight:${weights};` +
    `src:url("${fileUrl}") format("woff2");unicode-range:${latin}}\n` +
    `@font-face{font-family:"${family} Fallback";` +
    `src:${systemFallbacks[generic].local.map((name) => `local("${name}")`).join(',')};` +
    `size-adjust:${percent(fallback.sizeAdjust)};ascent-override:${percent(fallback.ascent)};` +
    `descent-override:${percent(fallback.descent)};line-gap-override:${percent(fallback.lineGap)}}\n` +
    `:root{--font:${fontStack(id)}}\n`
  );
}

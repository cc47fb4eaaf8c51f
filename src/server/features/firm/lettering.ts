import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as fontkit from 'fontkit';
import { type TypefaceId, typefaces } from '#shared/typefaces.ts';

// A firm's name drawn as shapes in the typeface its pages use, for the pictures the server makes (the
// sharing picture of a firm without a logo). Shapes need no font installed on the server, so the name
// looks the same on every machine. The bundled typefaces are variable WOFF2 files: each is unpacked to
// TrueType once, as fontkit draws a chosen weight only from that.

/** Bold enough to read as a name in a link preview's thumbnail. */
const weight = 700;
/** Lines of a name set on several, as a share of the type's size. */
const lineSpacing = 1.2;
const maxLines = 3;

type Face = fontkit.Font;

const faces = new Map<TypefaceId, Promise<{ latin: Face; extended: Face }>>();
const require = createRequire(import.meta.url);

/** The typeface's bold, in its Latin file and its extended-Latin one (Ł, ő, ş and the like), once. */
function facesOf(typeface: TypefaceId) {
  let loaded = faces.get(typeface);
  if (!loaded) {
    const load = async (subset: string) => {
      // Loaded the first time a name is drawn: WOFF2's decoder reserves 32 MB the server has no other use for.
      const [{ create }, { decompress }] = await Promise.all([import('fontkit'), import('wawoff2')]);
      const name = typefaces[typeface].package;
      const file = require.resolve(`@fontsource-variable/${name}/files/${name}-${subset}-wght-normal.woff2`);
      const trueType = Buffer.from(await decompress(await readFile(file)));
      return (create(trueType) as Face).getVariation({ wght: weight });
    };
    loaded = Promise.all([load('latin'), load('latin-ext')]).then(([latin, extended]) => ({
      latin,
      extended,
    }));
    faces.set(typeface, loaded);
    // A face that failed to load is loaded again next time, not kept failing.
    loaded.catch(() => faces.delete(typeface));
  }
  return loaded;
}

interface SetLine {
  /** Each glyph's outline in font units (y upwards) and where it starts along the line. */
  glyphs: { path: string; x: number }[];
  width: number;
}

/**
 * A line of text laid out and kerned in the Latin face, each stretch of characters it lacks in the
 * extended one. A character neither face has takes its place as a space rather than a box.
 */
function setLine(text: string, { latin, extended }: { latin: Face; extended: Face }): SetLine {
  const stretches: { face: Face; text: string }[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const face =
      latin.hasGlyphForCodePoint(codePoint) || !extended.hasGlyphForCodePoint(codePoint) ? latin : extended;
    const last = stretches.at(-1);
    if (last?.face === face) last.text += character;
    else stretches.push({ face, text: character });
  }
  const glyphs: SetLine['glyphs'] = [];
  let x = 0;
  for (const { face, text: stretch } of stretches) {
    const run = face.layout(stretch);
    run.glyphs.forEach((glyph, index) => {
      const position = run.positions[index];
      if (glyph.id !== 0) glyphs.push({ path: glyph.path.toSVG(), x: x + (position?.xOffset ?? 0) });
      x += position?.xAdvance ?? glyph.advanceWidth;
    });
  }
  return { glyphs, width: x };
}

/** The words in `count` lines of about equal width, each line as long as fits the share it is given. */
function linesOf(words: string[], count: number, widthOf: (text: string) => number): string[] {
  const target = widthOf(words.join(' ')) / count;
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const longer = line ? `${line} ${word}` : word;
    if (line && widthOf(longer) > target && lines.length < count - 1) {
      lines.push(line);
      line = word;
    } else line = longer;
  }
  lines.push(line);
  return lines;
}

/**
 * The name as SVG shapes in `colour`, set in one to three centred lines at the largest size that fits
 * `box` (and no larger than `maxSize` pixels), centred in it; `box` starts at its own top left corner.
 */
export async function letteredName(
  name: string,
  typeface: TypefaceId,
  box: { width: number; height: number },
  colour: string,
  maxSize: number,
): Promise<string> {
  const loaded = await facesOf(typeface);
  const { unitsPerEm, ascent, descent } = loaded.latin;
  const words = name.trim().split(/\s+/);
  const widthOf = (text: string) => setLine(text, loaded).width;
  let best = { size: 0, lines: [] as SetLine[] };
  for (let count = 1; count <= Math.min(maxLines, words.length); count++) {
    const lines = linesOf(words, count, widthOf).map((text) => setLine(text, loaded));
    const widest = Math.max(...lines.map((line) => line.width));
    const size = Math.min(maxSize, (box.width * unitsPerEm) / widest, box.height / (count * lineSpacing));
    if (size > best.size) best = { size, lines };
  }
  const scale = best.size / unitsPerEm;
  const lineHeight = best.size * lineSpacing;
  // The lines' block is centred on the box; each line's baseline sits where its ascent ends.
  const blockHeight = lineHeight * (best.lines.length - 1) + (ascent - descent) * scale;
  const top = (box.height - blockHeight) / 2 + ascent * scale;
  return best.lines
    .map((line, index) => {
      const left = (box.width - line.width * scale) / 2;
      const baseline = top + index * lineHeight;
      const shapes = line.glyphs
        .map((glyph) => `<path transform="translate(${glyph.x.toFixed(1)} 0)" d="${glyph.path}"/>`)
        .join('');
      return `<g fill="${colour}" transform="translate(${left.toFixed(1)} ${baseline.toFixed(1)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})">${shapes}</g>`;
    })
    .join('');
}

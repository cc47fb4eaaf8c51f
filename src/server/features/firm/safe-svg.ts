import { createRequire } from 'node:module';
import type { SaxesTagNS } from 'saxes';
import { escapeHtml } from '#shared/html.ts';

// An uploaded SVG logo, made safe to show anywhere. What could run or reach out (a script, an event
// handler, HTML inside a foreignObject, a reference to another file or address, entities of its own) is
// refused in words, so the owner learns why their file was not taken. The rest is written out again from
// an allow-list of drawing elements and attributes, which drops what design programs add beside the
// drawing (metadata, editor attributes, animation) and anything else that was not foreseen.

const svgNamespace = 'http://www.w3.org/2000/svg';
const xlinkNamespace = 'http://www.w3.org/1999/xlink';

/** What is wrong with an SVG, as the refusals of a logo or a badge name it (#shared/firm-pictures.ts). */
export type SvgProblem =
  | 'script'
  | 'handler'
  | 'external'
  | 'foreignObject'
  | 'entities'
  | 'tooDetailed'
  | 'unreadable';

/** Why an SVG was refused. */
export class SvgRefusal extends Error {
  readonly problem: SvgProblem;
  constructor(problem: SvgProblem) {
    super(`The SVG was refused: ${problem}`);
    this.problem = problem;
  }
}

/** The elements a logo is drawn with, kept with what they hold. Any other element is left out, whole. */
// biome-ignore format: a list reads better in lines of its kind
const drawingElements = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'switch',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'image', 'style',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feDropShadow', 'feFlood',
  'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode',
  'feOffset',
]);

/** The attributes kept: geometry, presentation and the references checked below. */
// biome-ignore format: a list reads better in lines of its kind
const drawingAttributes = new Set([
  'id', 'class', 'style', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2',
  'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'd', 'points', 'transform', 'pathLength', 'href',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color',
  'display', 'visibility', 'overflow', 'clip-path', 'clip-rule', 'mask', 'filter', 'stop-color',
  'stop-opacity', 'offset', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits',
  'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY', 'orient', 'marker-start', 'marker-mid',
  'marker-end', 'font-family', 'font-size', 'font-weight', 'font-style', 'font-stretch', 'letter-spacing',
  'word-spacing', 'text-anchor', 'dominant-baseline', 'alignment-baseline', 'baseline-shift',
  'text-decoration', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'mix-blend-mode',
  'isolation', 'shape-rendering', 'text-rendering', 'color-interpolation-filters', 'filterUnits',
  'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'mode', 'operator', 'k1', 'k2', 'k3', 'k4',
  'values', 'type', 'tableValues', 'slope', 'intercept', 'amplitude', 'exponent', 'flood-color',
  'flood-opacity', 'radius', 'vector-effect', 'paint-order', 'xml:space',
]);

/** A picture inside the SVG, as design programs embed one: the only address an SVG may hold. */
const embeddedPicture = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/** A font or picture inside the SVG's CSS, as design programs embed them. */
const embeddedInCss =
  /^data:(image\/(png|jpeg|gif|webp)|font\/[\w-]+|application\/(x-)?font-[\w-]+);base64,[a-z0-9+/=\s]*$/i;

/**
 * How much drawing a logo may ask for. A logo is a few hundred elements; far more, or many filters (each
 * blurs or blends the whole of what it applies to), would keep the server drawing its icons for minutes.
 */
const maxElements = 5_000;
const maxFilterUses = 20;

/** The rest of the logo's own drawing, by its id: `#id`, or `url(#id)` in a style. */
const ownReference = /^#[^\s]*$/;

/**
 * The SVG made safe, as text; throws SvgRefusal with a logoMessages text if it holds anything that could
 * run or reach out, or is not an SVG drawing.
 */
export function safeSvg(source: string): string {
  // The XML parser is loaded with the first upload, not by every start.
  const { SaxesParser } = createRequire(import.meta.url)('saxes') as typeof import('saxes');
  const parser = new SaxesParser({ xmlns: true, position: false });
  const out: string[] = [];
  /** How deep inside an element that is left out we are: 0 while writing. */
  let skipping = 0;
  /** The element being written: a style element's text is CSS, which is checked. */
  const open: string[] = [];
  let sawRoot = false;
  /** The elements open now, each counting what it holds, and the drawing as a whole once it closes. */
  const frames: Drawing[] = [];
  const byId = new Map<string, Drawing>();
  let whole: Drawing | undefined;
  /** Every element so far: a file of too many is refused before it is read to its end. */
  let elements = 0;
  /** A style element's text so far: checked whole, so a comment or CDATA cannot split a word in two. */
  let css = '';

  parser.on('doctype', (doctype) => {
    // Design programs write SVG 1.1's public DOCTYPE; one with declarations of its own is refused.
    if (doctype.includes('[')) throw new SvgRefusal('entities');
  });
  parser.on('processinginstruction', ({ target }) => {
    // <?xml-stylesheet href="…"?> fetches a stylesheet; other instructions draw nothing.
    if (target.toLowerCase() === 'xml-stylesheet') throw new SvgRefusal('external');
  });
  parser.on('opentag', (tag) => {
    checkElement(tag);
    const style = tag.attributes.style?.value ?? '';
    const filtered = tag.local.startsWith('fe') || 'filter' in tag.attributes || /filter\s*:/i.test(style);
    const href = (tag.attributes.href ?? tag.attributes['xlink:href'])?.value.trim() ?? '';
    frames.push({
      id: tag.attributes.id?.value,
      elements: 1,
      filters: filtered ? 1 : 0,
      uses: tag.local === 'use' && href.startsWith('#') ? [href.slice(1)] : [],
    });
    elements += 1;
    if (elements > maxElements) throw new SvgRefusal('tooDetailed');
    if (!sawRoot) {
      if (tag.local !== 'svg' || tag.uri !== svgNamespace) throw new SvgRefusal('unreadable');
      sawRoot = true;
    }
    if (skipping === 0 && tag.uri === svgNamespace && tag.local === 'a') {
      // A link around part of the drawing: the drawing is kept, the link (which goes nowhere) is not.
      open.push('');
      return;
    }
    if (skipping > 0 || tag.uri !== svgNamespace || !drawingElements.has(tag.local)) {
      skipping += 1;
      return;
    }
    out.push(`<${tag.local}${attributesOf(tag, open.length === 0)}>`);
    open.push(tag.local);
  });
  parser.on('closetag', (tag) => {
    const frame = frames.pop() as Drawing;
    if (frame.id) byId.set(frame.id, frame);
    const parent = frames.at(-1);
    if (parent) {
      parent.elements += frame.elements;
      parent.filters += frame.filters;
      parent.uses.push(...frame.uses);
    } else whole = frame;
    if (skipping > 0) skipping -= 1;
    else {
      if (open.at(-1) === 'style') {
        checkedStyle(css);
        out.push(escapeHtml(css));
        css = '';
      }
      const closed = open.pop() ?? tag.local;
      if (closed !== '') out.push(`</${closed}>`);
    }
  });
  const writeText = (text: string) => {
    // Outside the root there is only the space between the declarations.
    if (skipping > 0 || open.length === 0) return;
    if (open.at(-1) === 'style') css += text;
    else out.push(escapeHtml(text));
  };
  parser.on('text', writeText);
  parser.on('cdata', writeText);

  try {
    parser.write(source).close();
  } catch (error) {
    if (error instanceof SvgRefusal) throw error;
    // Not well-formed XML, or an entity it does not declare.
    throw new SvgRefusal('unreadable');
  }
  if (!sawRoot || !whole) throw new SvgRefusal('unreadable');
  checkDrawingSize(whole, byId);
  return out.join('');
}

/** An element as drawn: what it holds, its filters, and the ids its `<use>`s draw again. */
interface Drawing {
  id?: string | undefined;
  elements: number;
  filters: number;
  uses: string[];
}

/**
 * Refuses a drawing that, once each `<use>` draws again what it names, holds more elements or filters
 * than a logo does: a few kilobytes of `<use>`s nested eight deep draw a hundred million shapes.
 */
function checkDrawingSize(whole: Drawing, byId: Map<string, Drawing>) {
  const sizes = new Map<string, [number, number]>();
  const measuring = new Set<string>();
  const sizeOf = (drawing: Drawing): [number, number] => {
    let [elements, filters] = [drawing.elements, drawing.filters];
    for (const id of drawing.uses) {
      const [more, moreFilters] = sizeOfId(id);
      [elements, filters] = [elements + more, filters + moreFilters];
      if (elements > maxElements || filters > maxFilterUses) throw new SvgRefusal('tooDetailed');
    }
    return [elements, filters];
  };
  const sizeOfId = (id: string): [number, number] => {
    const known = sizes.get(id);
    if (known) return known;
    const drawing = byId.get(id);
    if (!drawing) return [0, 0];
    // A drawing that uses itself would be drawn for ever.
    if (measuring.has(id)) throw new SvgRefusal('tooDetailed');
    measuring.add(id);
    const size = sizeOf(drawing);
    measuring.delete(id);
    sizes.set(id, size);
    return size;
  };
  const [elements, filters] = sizeOf(whole);
  if (elements > maxElements || filters > maxFilterUses) throw new SvgRefusal('tooDetailed');
}

/** Refuses what could run or reach out, wherever it sits (inside a left-out element too). */
function checkElement(tag: SaxesTagNS) {
  const name = tag.local.toLowerCase();
  if (name === 'script') throw new SvgRefusal('script');
  if (name === 'foreignobject') throw new SvgRefusal('foreignObject');
  for (const attribute of Object.values(tag.attributes)) {
    const local = attribute.local.toLowerCase();
    if (local.startsWith('on')) throw new SvgRefusal('handler');
    if (local === 'href' || local === 'src') {
      const value = attribute.value.trim();
      const allowed = ownReference.test(value) || (name === 'image' && embeddedPicture.test(value));
      if (!allowed) throw new SvgRefusal('external');
    }
    if (local === 'style' || /url\(/i.test(attribute.value)) checkedStyle(attribute.value);
  }
}

/**
 * CSS from a style element or attribute, refused if it could fetch anything: `@import`, a `url()` of
 * anything but the logo's own drawing or a picture or font carried inside it, any other function that
 * takes an address (`image-set()`, `image()`, `src()`…), or a string that looks like an address (which a
 * custom property could hand to one). The letters are read as CSS reads them, escapes undone.
 */
function checkedStyle(css: string): void {
  const plain = css
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/\\(.)/g, '$1')
    .replace(/\/\*[\s\S]*?\*\//g, '');
  if (/@import/i.test(plain)) throw new SvgRefusal('external');
  let rest = plain;
  for (const [whole, inside] of plain.matchAll(/url\(\s*([^)]*)\)/gi)) {
    const target = (inside ?? '').trim().replace(/^['"]|['"]$/g, '');
    if (!ownReference.test(target) && !embeddedInCss.test(target)) throw new SvgRefusal('external');
    rest = rest.replace(whole, '');
  }
  if (/(image-set|image|src|cross-fade|element)\s*\(/i.test(rest)) throw new SvgRefusal('external');
  if (/(["'])[^"']*(:|\/\/)[^"']*\1/.test(rest)) throw new SvgRefusal('external');
  if (/expression\s*\(|javascript:/i.test(plain)) throw new SvgRefusal('script');
}

/** The element's kept attributes, written out again; the root also names the SVG namespace. */
function attributesOf(tag: SaxesTagNS, isRoot: boolean): string {
  const kept: string[] = isRoot ? [`xmlns="${svgNamespace}"`] : [];
  for (const attribute of Object.values(tag.attributes)) {
    const inNoNamespace = attribute.uri === '' || attribute.uri === xlinkNamespace;
    const name = attribute.uri === xlinkNamespace ? attribute.local : attribute.name;
    if (!inNoNamespace && name !== 'xml:space') continue;
    if (!drawingAttributes.has(name)) continue;
    kept.push(`${name}="${escapeHtml(attribute.value)}"`);
  }
  return kept.length ? ` ${kept.join(' ')}` : '';
}

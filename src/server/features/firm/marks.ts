import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import { loadSharp } from '#server/pictures/sharp.ts';
import { defaultColours } from '#shared/colours.ts';
import {
  type LogoType,
  logoMaxBytes,
  logoMessages,
  logoMinPixels,
  type MarkRefusals,
} from '#shared/firm-pictures.ts';
import { SvgRefusal, safeSvg } from './safe-svg.ts';
import { type Drawing, drawn, makeSitePictures } from './site-pictures.ts';
import type { FirmLogo } from './stored-pictures.ts';

// A firm's marks, uploaded as an SVG or a PNG: its logo, and the badges of its accreditations.

/** A mark that cannot be taken, with the words the Firm details screen shows. */
export class MarkRefusal extends Error {
  readonly status: 413 | 422;
  constructor(status: 413 | 422, message: string) {
    super(message);
    this.status = status;
  }
}

/** A PNG of more pixels than this is refused before it is decoded. */
const maxPixels = 40_000_000;
/** Making every picture from a logo takes a tenth of a second; one that takes seconds is refused. */
const drawingBudgetMs = 3_000;

/**
 * A mark to store, from an upload: an SVG is made safe (safe-svg.ts); a PNG must really be one, whole,
 * and at least `minPixels` on a side, and is kept as drawn again (its first frame, without the text,
 * camera or private chunks it carried). Throws MarkRefusal with the words of `refusals`.
 */
export async function checkMark(
  bytes: Buffer,
  declaredType: LogoType,
  refusals: MarkRefusals,
  minPixels: number,
): Promise<FirmLogo> {
  const refuse = (message: string, status: 413 | 422 = 422) => new MarkRefusal(status, message);
  if (bytes.length > logoMaxBytes) throw refuse(refusals.size, 413);
  const isSvg = declaredType === 'image/svg+xml';
  let source = bytes;
  if (isSvg) {
    try {
      source = Buffer.from(safeSvg(new TextDecoder('utf-8', { fatal: true }).decode(bytes)), 'utf8');
    } catch (error) {
      throw refuse(error instanceof SvgRefusal ? refusals[error.problem] : refusals.unreadable);
    }
  }
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(refusals.unreadable);
  }
  if (metadata.format !== (isSvg ? 'svg' : 'png')) throw refuse(refusals.unreadable);
  const { width = 0, height = 0 } = metadata;
  if (!isSvg && width * height > maxPixels) throw refuse(refusals.tooManyPixels);
  if (!isSvg && Math.min(width, height) < minPixels) throw refuse(refusals.small);

  let kept = source;
  if (!isSvg) {
    try {
      // Strictly: a damaged chunk fails here rather than when a browser asks for it.
      kept = await sharp(source, { limitInputPixels: maxPixels, failOn: 'warning' }).png().toBuffer();
    } catch {
      throw refuse(refusals.unreadable);
    }
  }
  let blank: boolean;
  try {
    blank = await cannotBeSeen({ bytes: kept, isSvg, size: Math.max(width, height) });
  } catch {
    // An SVG that reads but cannot be drawn within the time allowed, or a PNG that cannot be drawn.
    throw refuse(isSvg ? refusals.tooDetailed : refusals.unreadable);
  }
  if (blank) throw refuse(refusals.blank);
  return {
    contentType: declaredType,
    bytes: kept,
    key: createHash('sha256').update(kept).digest('hex').slice(0, 16),
    // An SVG's size as drawn at 72 dots an inch: its shape, and how densely to draw it for a size.
    width,
    height,
  };
}

/**
 * Whether the mark, drawn small on the white it is shown on (the pages' header, the sharing card), shows
 * nothing but white or near-white: an empty SVG, one whose style hides its shapes, a blank PNG or a white
 * logo made for a dark background would publish an invisible logo or badge.
 */
async function cannotBeSeen(mark: Drawing): Promise<boolean> {
  const pixels = await (await drawn(mark, 64))
    .resize(64, 64, { fit: 'inside' })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer();
  return pixels.every((value) => value >= nearWhite);
}

/** The darkest a mark's darkest pixel may be and still count as white: #ebebeb, 1.2 : 1 on white. */
const nearWhite = 235;

/**
 * The logo to store: a mark large enough for a phone's home screen, from which every picture the site
 * makes is made now, so a logo the server cannot draw, or not quickly, is refused rather than published.
 */
export async function checkLogo(bytes: Buffer, declaredType: LogoType): Promise<FirmLogo> {
  const logo = await checkMark(bytes, declaredType, logoMessages, logoMinPixels);
  const started = performance.now();
  try {
    await makeSitePictures(logo, { colours: defaultColours });
  } catch {
    throw new MarkRefusal(
      422,
      declaredType === 'image/svg+xml' ? logoMessages.tooDetailed : logoMessages.unreadable,
    );
  }
  if (performance.now() - started > drawingBudgetMs) throw new MarkRefusal(422, logoMessages.tooDetailed);
  return logo;
}

import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { defaultColours } from '#shared/colours.ts';
import { type LogoType, logoMaxBytes, logoMessages, logoMinPixels } from '#shared/firm-pictures.ts';
import { SvgRefusal, safeSvg } from './safe-svg.ts';
import { makeSitePictures } from './site-pictures.ts';
import type { FirmLogo } from './stored-pictures.ts';

/** A logo that cannot be taken, with the words the Firm details screen shows. */
export class LogoRefusal extends Error {
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
 * The logo to store, from an upload: an SVG is made safe (safe-svg.ts); a PNG must really be one, whole,
 * and large enough for a phone's home screen, and is kept as drawn again (its first frame, without the
 * text, camera or private chunks it carried). Every picture the site makes from it is made now, so a logo
 * the server cannot draw, or not quickly, is refused rather than published. Throws LogoRefusal.
 */
export async function checkLogo(bytes: Buffer, declaredType: LogoType): Promise<FirmLogo> {
  if (bytes.length > logoMaxBytes) throw new LogoRefusal(413, logoMessages.size);
  const isSvg = declaredType === 'image/svg+xml';
  const source = isSvg ? svgLogo(bytes) : bytes;
  let metadata: Metadata;
  try {
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw new LogoRefusal(422, logoMessages.unreadable);
  }
  if (metadata.format !== (isSvg ? 'svg' : 'png')) throw new LogoRefusal(422, logoMessages.unreadable);
  const { width = 0, height = 0 } = metadata;
  if (!isSvg && width * height > maxPixels) throw new LogoRefusal(422, logoMessages.tooManyPixels);
  if (!isSvg && Math.min(width, height) < logoMinPixels) throw new LogoRefusal(422, logoMessages.small);

  let kept = source;
  if (!isSvg) {
    try {
      // Strictly: a damaged chunk fails here rather than when a browser asks for an icon.
      kept = await sharp(source, { limitInputPixels: maxPixels, failOn: 'warning' }).png().toBuffer();
    } catch {
      throw new LogoRefusal(422, logoMessages.unreadable);
    }
  }
  const logo: FirmLogo = {
    contentType: declaredType,
    bytes: kept,
    key: createHash('sha256').update(kept).digest('hex').slice(0, 16),
    // An SVG's size as drawn at 72 dots an inch: its shape, and how densely to draw it for a size.
    width,
    height,
  };
  const started = performance.now();
  try {
    await makeSitePictures(logo, defaultColours);
  } catch {
    throw new LogoRefusal(422, isSvg ? logoMessages.tooDetailed : logoMessages.unreadable);
  }
  if (performance.now() - started > drawingBudgetMs) throw new LogoRefusal(422, logoMessages.tooDetailed);
  return logo;
}

function svgLogo(bytes: Buffer): Buffer {
  try {
    return Buffer.from(safeSvg(new TextDecoder('utf-8', { fatal: true }).decode(bytes)), 'utf8');
  } catch (error) {
    throw new LogoRefusal(422, error instanceof SvgRefusal ? error.message : logoMessages.unreadable);
  }
}

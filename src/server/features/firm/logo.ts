import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { type LogoType, logoMaxBytes, logoMessages, logoMinPixels } from '#shared/firm-pictures.ts';
import { SvgRefusal, safeSvg } from './safe-svg.ts';
import type { FirmLogo } from './stored-pictures.ts';

/** A logo that cannot be taken, with the words the Firm details screen shows. */
export class LogoRefusal extends Error {
  readonly status: 413 | 422;
  constructor(status: 413 | 422, message: string) {
    super(message);
    this.status = status;
  }
}

/** A PNG claiming to be larger than this is refused before it is decoded. */
const readLimits = { limitInputPixels: 40_000_000, failOn: 'truncated' } as const;

/**
 * The logo to store, from an upload: an SVG is made safe (safe-svg.ts) and must draw; a PNG must really
 * be one, whole, and large enough for a phone's home screen. Throws LogoRefusal with the reason.
 */
export async function checkLogo(bytes: Buffer, declaredType: LogoType): Promise<FirmLogo> {
  if (bytes.length > logoMaxBytes) throw new LogoRefusal(413, logoMessages.size);
  const checked = declaredType === 'image/svg+xml' ? svgLogo(bytes) : bytes;
  let metadata: Metadata;
  try {
    metadata = await sharp(checked, readLimits).metadata();
    // Drawn once, so a file whose header reads well but whose picture is damaged is refused now.
    await sharp(checked, readLimits).resize(32, 32, { fit: 'contain' }).png().toBuffer();
  } catch {
    throw new LogoRefusal(422, logoMessages.unreadable);
  }
  const format = declaredType === 'image/svg+xml' ? 'svg' : 'png';
  if (metadata.format !== format) throw new LogoRefusal(422, logoMessages.unreadable);
  if (format === 'png' && Math.min(metadata.width ?? 0, metadata.height ?? 0) < logoMinPixels)
    throw new LogoRefusal(422, logoMessages.small);
  return {
    contentType: declaredType,
    bytes: checked,
    key: createHash('sha256').update(checked).digest('hex').slice(0, 16),
    // An SVG's size as drawn at 72 dots an inch: its shape is what the pages need.
    width: metadata.width ?? 0,
    height: metadata.height ?? 0,
  };
}

function svgLogo(bytes: Buffer): Buffer {
  try {
    return Buffer.from(safeSvg(new TextDecoder('utf-8', { fatal: true }).decode(bytes)), 'utf8');
  } catch (error) {
    throw new LogoRefusal(422, error instanceof SvgRefusal ? error.message : logoMessages.unreadable);
  }
}

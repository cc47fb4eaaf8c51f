import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { articleMessages, coverMaxBytes, coverWidths } from '#shared/articles.ts';

/** A cover that cannot be taken, with the status and the words the editor shows. */
export class CoverRefusal extends Error {
  readonly status: 413 | 422;
  constructor(status: 413 | 422, message: string) {
    super(message);
    this.status = status;
  }
}

export interface CoverFile {
  name: string;
  contentType: 'image/avif' | 'image/webp';
  width: number;
  height: number;
  bytes: Buffer;
}

export interface Cover {
  /** The original's content hash: it names every file, so a new cover never reuses an old URL. */
  key: string;
  /** The largest size made, which the page's <img> declares so that nothing moves as it loads. */
  width: number;
  height: number;
  files: CoverFile[];
}

const sniffed: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Makes the cover's AVIF and WebP files at each of coverWidths no wider than the original (or the
 * original's own width if it is narrower than them all), turned upright as the camera recorded it and
 * without its metadata (a photo's location stays private). The file must really be the type it claims.
 */
export async function makeCover(bytes: Buffer, declaredType: string): Promise<Cover> {
  if (bytes.length > coverMaxBytes) throw new CoverRefusal(413, articleMessages.coverSize);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, readLimits).metadata();
  } catch {
    throw new CoverRefusal(422, articleMessages.coverUnreadable);
  }
  const type = sniffed[metadata.format ?? ''];
  if (!type) throw new CoverRefusal(422, articleMessages.coverUnreadable);
  if (type !== declaredType) throw new CoverRefusal(422, articleMessages.coverType);
  const upright = (metadata.orientation ?? 1) >= 5;
  const originalWidth = (upright ? metadata.height : metadata.width) ?? 0;
  const widths = coverWidths.filter((width) => width <= originalWidth);
  if (widths.length === 0) widths.push(originalWidth as (typeof coverWidths)[number]);

  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
  try {
    return { key, ...(await resizedCovers(bytes, key, widths)) };
  } catch {
    // A file whose header reads well but whose picture is cut short or damaged.
    throw new CoverRefusal(422, articleMessages.coverUnreadable);
  }
}

/**
 * A photo straight from a phone or camera (48 megapixels and more) is a fair cover; a picture claiming
 * to be larger than this is refused before it is decoded, and a damaged one fails rather than shows grey.
 */
const readLimits = { limitInputPixels: 100_000_000, failOn: 'truncated' } as const;

async function resizedCovers(bytes: Buffer, key: string, widths: number[]) {
  const files: CoverFile[] = [];
  for (const width of widths) {
    const resized = sharp(bytes, readLimits).rotate().resize({ width });
    for (const [extension, contentType, encode] of [
      ['avif', 'image/avif', (image: Sharp) => image.avif({ quality: 50, effort: 2 })],
      ['webp', 'image/webp', (image: Sharp) => image.webp({ quality: 78 })],
    ] as const) {
      const { data, info } = await encode(resized.clone()).toBuffer({ resolveWithObject: true });
      files.push({
        name: `${key}-${width}.${extension}`,
        contentType,
        width: info.width,
        height: info.height,
        bytes: data,
      });
    }
  }
  const largest = files.at(-1) as CoverFile;
  return { width: largest.width, height: largest.height, files };
}

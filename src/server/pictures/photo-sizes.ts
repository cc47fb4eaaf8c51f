import { createHash } from 'node:crypto';
import type { Metadata, Sharp } from 'sharp';
import { photoMaxBytes, photoMaxPixels, photoWidths } from '#shared/photos.ts';
import { loadSharp } from './sharp.ts';

// A photograph uploaded for a page (an article's cover, the home page's picture), made into the sizes and
// formats a page's <picture> offers, so each screen fetches only what it draws.

/** A photo that cannot be taken, with the status and the words the editor shows. */
export class PhotoRefusal extends Error {
  readonly status: 413 | 422;
  constructor(status: 413 | 422, message: string) {
    super(message);
    this.status = status;
  }
}

export interface PhotoFile {
  name: string;
  contentType: 'image/avif' | 'image/webp';
  width: number;
  height: number;
  bytes: Buffer;
}

export interface Photo {
  /** The original's content hash: it names every file, so a new photo never reuses an old URL. */
  key: string;
  /** The largest size made, which the page's <img> declares so that nothing moves as it loads. */
  width: number;
  height: number;
  files: PhotoFile[];
}

/** What a refusal says, in the words of the screen the photo was uploaded on. */
export interface PhotoMessages {
  size: string;
  /** The picture has more pixels than photoMaxPixels. */
  pixels: string;
  unreadable: string;
  /** The file is not the type it claims. */
  type: string;
}

const sniffed: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Makes the photo's AVIF and WebP files at each of photoWidths no wider than the original (or the
 * original's own width if it is narrower than them all), turned upright as the camera recorded it and
 * without its metadata (a photo's location stays private). The file must really be the type it claims.
 */
export async function makePhotoSizes(
  bytes: Buffer,
  declaredType: string,
  messages: PhotoMessages,
): Promise<Photo> {
  if (bytes.length > photoMaxBytes) throw new PhotoRefusal(413, messages.size);
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Only the header is read here, so a picture too large to decode is refused by its size, in words.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefusal(422, messages.unreadable);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > photoMaxPixels) {
    throw new PhotoRefusal(413, messages.pixels);
  }
  const type = sniffed[metadata.format ?? ''];
  if (!type) throw new PhotoRefusal(422, messages.unreadable);
  if (type !== declaredType) throw new PhotoRefusal(422, messages.type);
  const upright = (metadata.orientation ?? 1) >= 5;
  const originalWidth = (upright ? metadata.height : metadata.width) ?? 0;
  const widths: number[] = photoWidths.filter((width) => width <= originalWidth);
  if (widths.length === 0) widths.push(originalWidth);

  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
  try {
    return { key, ...(await resizedPhotos(bytes, key, widths)) };
  } catch {
    // A file whose header reads well but whose picture is cut short or damaged.
    throw new PhotoRefusal(422, messages.unreadable);
  }
}

/** A damaged picture fails rather than shows grey; photoMaxPixels guards the decoder once more. */
const readLimits = { limitInputPixels: photoMaxPixels, failOn: 'truncated' } as const;

async function resizedPhotos(bytes: Buffer, key: string, widths: number[]) {
  const sharp = await loadSharp();
  const files: PhotoFile[] = [];
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
  const largest = files.at(-1) as PhotoFile;
  return { width: largest.width, height: largest.height, files };
}

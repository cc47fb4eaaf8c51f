import { makePhotoSizes, PhotoRefusal } from '#server/pictures/photo-sizes.ts';
import { heroMessages, heroMinWidth } from '#shared/firm-pictures.ts';
import type { FirmHero } from './stored-pictures.ts';

/**
 * The home page's picture from an upload: made into AVIF and WebP at the widths screens need, as an
 * article's cover is, and refused (PhotoRefusal) if it is not a photo or too narrow for a laptop's screen.
 */
export async function makeHero(bytes: Buffer, declaredType: string, alt: string): Promise<FirmHero> {
  const photo = await makePhotoSizes(bytes, declaredType, {
    size: heroMessages.size,
    pixels: heroMessages.pixels,
    unreadable: heroMessages.unreadable,
    type: heroMessages.mislabelled,
  });
  if (photo.width < heroMinWidth) throw new PhotoRefusal(422, heroMessages.small);
  return { key: photo.key, alt, files: photo.files };
}

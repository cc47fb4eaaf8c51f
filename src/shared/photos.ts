// Photographs uploaded for a page (an article's cover, the home page's picture): what may be uploaded, and
// the widths made from it, none wider than the original (src/server/pictures/photo-sizes.ts).

export const photoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const photoMaxBytes = 8 * 1024 * 1024;
/**
 * A photo straight from a phone or camera (48 megapixels and more) is fair to upload; a picture larger than
 * this is refused before it is decoded, as decoding it would hold gigabytes.
 */
export const photoMaxPixels = 100_000_000;
export const photoWidths = [480, 960, 1440] as const;

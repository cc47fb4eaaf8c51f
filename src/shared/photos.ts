// Photographs uploaded for a page (an article's cover, the home page's picture): what may be uploaded, and
// the widths made from it, none wider than the original (src/server/pictures/photo-sizes.ts).

export const photoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const photoMaxBytes = 8 * 1024 * 1024;
export const photoWidths = [480, 960, 1440] as const;

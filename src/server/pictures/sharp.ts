import type Sharp from 'sharp';

// sharp (libvips) is loaded the first time a picture is made, not at start: a site that is serving holds
// no image library in memory until an owner uploads a picture or the firm's pictures are drawn again. Its
// cache of decoded images is off: each picture is made once and kept, so the cache only held memory.

let loaded: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

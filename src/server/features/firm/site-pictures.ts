import { loadSharp } from '#server/pictures/sharp.ts';
import type { TypefaceId } from '#shared/typefaces.ts';
import { letteredName } from './lettering.ts';
import type { FirmLogo } from './stored-pictures.ts';

// The pictures browsers, phones and link previews ask the site for, made on the server from the firm's
// logo and colours: favicon.ico, the phone's home-screen icon (also the logo every email shows) and the
// sharing picture. A firm without a logo gets a plain mark in its colours for the icons and its name on
// the sharing picture, so nothing shows another firm's. Each is made when first asked for after a change and then served from memory.

export interface SitePicture {
  contentType: string;
  bytes: Buffer;
}

export interface SitePictures {
  favicon: SitePicture;
  touchIcon: SitePicture;
  share: SitePicture;
}

/** A link preview on a slow connection gives up on a bigger sharing picture. */
export const shareImageMaxBytes = 100 * 1024;
export const shareImageSize = { width: 1200, height: 630 } as const;
const touchIconSize = 180;
/** The sharing picture's space for the logo (or the name) on its white card, in pixels. */
const logoBox = { width: 600, height: 260 };

/** What the pictures show besides the logo: the firm's colours, and its name where it has no logo. */
export interface PictureLook {
  colours: { brand: string; accent: string };
  /** Absent before the firm is set up: its sharing picture shows the plain mark. */
  name?: { text: string; typeface: TypefaceId };
}

/** Makes the three pictures from the logo (or, without one, from the colours and the name). */
export async function makeSitePictures(
  logo: FirmLogo | undefined,
  { colours, name }: PictureLook,
): Promise<SitePictures> {
  const source: Drawing = logo
    ? {
        bytes: logo.bytes,
        isSvg: logo.contentType === 'image/svg+xml',
        size: Math.max(logo.width, logo.height),
      }
    : { bytes: Buffer.from(plainMark(colours)), isSvg: true, size: 64 };
  const square = (size: number) => squareLogo(source, size);
  const sharp = await loadSharp();

  const icons = await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await square(size) })));

  // Phones draw their own rounded corners and fill transparency with black: the logo sits on white.
  const inset = 20;
  const touchIcon = await sharp(await square(touchIconSize - inset * 2))
    .extend({ top: inset, bottom: inset, left: inset, right: inset, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();

  return {
    favicon: { contentType: 'image/x-icon', bytes: icoOf(icons) },
    touchIcon: { contentType: 'image/png', bytes: touchIcon },
    share: {
      contentType: 'image/png',
      bytes: await shareImage(logo || !name ? source : await nameDrawing(name, colours.brand), colours),
    },
  };
}

/** A logo to draw from: vector drawing or a bitmap, and its longer side (an SVG's at 72 dots an inch). */
export interface Drawing {
  bytes: Buffer;
  isSvg: boolean;
  size: number;
}

/**
 * The logo about `pixels` across: an SVG is drawn at the density that gives it that many, whatever size
 * it declares (120 mm, or 4,000 px), so it is drawn sharp, and never larger than it needs to be. No
 * picture may take more than a few seconds to make.
 */
export const drawn = async ({ bytes, isSvg, size }: Drawing, pixels: number) =>
  (await loadSharp())(
    bytes,
    isSvg ? { density: Math.min(2400, Math.max(1, (72 * pixels) / Math.max(size, 1))) } : {},
  ).timeout({
    seconds: 10,
  });

/** The logo drawn into a transparent square of `size` pixels, whole and centred. */
async function squareLogo(source: Drawing, size: number): Promise<Buffer> {
  return (await drawn(source, size))
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/**
 * The sharing picture: the logo on a white card in the middle of the firm's main colour, with its
 * accent along the foot. A palette of 256 colours keeps it sharp at a fraction of the size.
 */
async function shareImage(source: Drawing, colours: { brand: string; accent: string }): Promise<Buffer> {
  const { width, height } = shareImageSize;
  const card = { width: logoBox.width + 160, height: logoBox.height + 120 };
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="${width}" height="${height}" fill="${colours.brand}"/>` +
      `<rect y="${height - 24}" width="${width}" height="24" fill="${colours.accent}"/>` +
      `<rect x="${(width - card.width) / 2}" y="${(height - card.height) / 2 - 12}" width="${card.width}" height="${card.height}" rx="32" fill="#ffffff"/>` +
      '</svg>',
  );
  const sharp = await loadSharp();
  const logo = await (await drawn(source, logoBox.width))
    .resize(logoBox.width, logoBox.height, { fit: 'inside', withoutEnlargement: !source.isSvg })
    .png()
    .toBuffer();
  const { width: logoWidth = 0, height: logoHeight = 0 } = await sharp(logo).metadata();
  return sharp(background)
    .composite([
      {
        input: logo,
        left: Math.round((width - logoWidth) / 2),
        top: Math.round((height - logoHeight) / 2 - 12),
      },
    ])
    .png({ palette: true, quality: 90, effort: 7, compressionLevel: 9 })
    .toBuffer();
}

/** A firm without a logo: its name in its typeface and main colour, as wide as the card's logo space. */
async function nameDrawing(name: { text: string; typeface: TypefaceId }, colour: string): Promise<Drawing> {
  const { width, height } = logoBox;
  const shapes = await letteredName(name.text, name.typeface, logoBox, colour, 96);
  return {
    bytes: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes}</svg>`,
    ),
    isSvg: true,
    size: width,
  };
}

/** A firm without a logo: a rounded square of its main colour with a bar of its accent. */
function plainMark({ brand, accent }: { brand: string; accent: string }): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    `<rect width="64" height="64" rx="14" fill="${brand}"/>` +
    `<rect x="16" y="38" width="32" height="8" rx="4" fill="${accent}"/>` +
    '</svg>'
  );
}

/** An .ico file holding PNG images (read by every browser since Internet Explorer 9). */
export function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: an icon, not a cursor
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

// The icons browsers and phones ask for by name, made from the firm's logo, and the sharing image made
// small enough for a link preview to fetch quickly. Run by scripts/build.ts after Vite has copied
// content/public into the client build.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** The sharing image's largest size: link previews on slow connections give up on bigger files. */
export const shareImageMaxBytes = 100 * 1024;

/** Writes favicon.ico, apple-touch-icon.png and a recompressed sharing image into the client build. */
export async function buildSiteIcons({
  logo,
  shareImage,
  outDir,
}: {
  /** The logo as SVG. */
  logo: string;
  /** The sharing image as PNG, as a firm saved it. */
  shareImage: string;
  outDir: string;
}): Promise<void> {
  const svg = readFileSync(logo);
  const pngOfSize = (size: number) =>
    sharp(svg, { density: 72 * Math.ceil(size / 32) })
      .resize(size, size)
      .png()
      .toBuffer();
  const icons = await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await pngOfSize(size) })));
  writeFileSync(path.join(outDir, 'favicon.ico'), icoOf(icons));

  // Phones draw their own rounded corners and fill transparency with black: the logo sits on white.
  const touchSize = 180;
  const inset = 20;
  writeFileSync(
    path.join(outDir, 'apple-touch-icon.png'),
    await sharp(await pngOfSize(touchSize - inset * 2))
      .extend({ top: inset, bottom: inset, left: inset, right: inset, background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer(),
  );

  // A palette of 256 colours with dithering keeps a gradient and text sharp at a fraction of the size.
  const target = path.join(outDir, path.basename(shareImage));
  const compressed = await sharp(readFileSync(shareImage))
    .png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
    .toBuffer();
  if (compressed.length > shareImageMaxBytes) {
    throw new Error(
      `${shareImage} is ${Math.round(compressed.length / 1024)} KB even as a 256-colour PNG; make it simpler or smaller (at most ${shareImageMaxBytes / 1024} KB)`,
    );
  }
  writeFileSync(target, compressed);
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

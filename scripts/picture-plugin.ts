// Turns `import photo from '#content/images/office.jpg?picture'` into the image at several widths as
// AVIF and WebP, with its size, for the <Picture> component. The files are written into the build's
// assets/ with a hash of the source in their names, so browsers may keep them for a year.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { Plugin } from 'vite';
import type { PictureSet } from '#client/lib/Picture.tsx';

const suffix = '?picture';
/** The widths offered, wide enough for a full-width image on a 2x laptop screen; never wider than the source. */
const widths = [480, 800, 1200, 1600];
const formats = [
  { extension: 'avif', type: 'image/avif', encode: (image: Sharp) => image.avif({ quality: 55, effort: 2 }) },
  { extension: 'webp', type: 'image/webp', encode: (image: Sharp) => image.webp({ quality: 78 }) },
] as const;

interface Variant {
  fileName: string;
  type: string;
  width: number;
  content: Buffer;
}

/**
 * Encoded files are kept between builds (the client and prerender builds each load this plugin afresh,
 * and AVIF takes seconds an image), named by the source's hash and the encoders' settings, so a changed
 * image or setting is encoded again.
 */
const cacheDir = path.resolve('node_modules/.cache/practice-site-pictures');
const settingsHash = createHash('sha256')
  .update(formats.map((format) => format.encode.toString()).join('\n'))
  .digest('hex')
  .slice(0, 8);

async function encodedOnce(fileName: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const cached = path.join(cacheDir, `${settingsHash}-${path.basename(fileName)}`);
  if (existsSync(cached)) return readFileSync(cached);
  const content = await make();
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cached, content);
  return content;
}

async function encode(file: string): Promise<{ picture: PictureSet; variants: Variant[] }> {
  const source = readFileSync(file);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
  const { width = 0, height = 0 } = await sharp(source).rotate().metadata();
  if (!width || !height) throw new Error(`${file} is not an image sharp can read`);
  const largest = Math.min(width, widths.at(-1) ?? width);
  const sizes = [...new Set([...widths.filter((w) => w < largest), largest])];
  const name = path.basename(file, path.extname(file));
  const variants = await Promise.all(
    formats.flatMap((format) =>
      sizes.map(async (w): Promise<Variant> => {
        const fileName = `assets/${name}-${w}-${hash}.${format.extension}`;
        const content = await encodedOnce(fileName, () =>
          format.encode(sharp(source).rotate().resize({ width: w })).toBuffer(),
        );
        return { fileName, type: format.type, width: w, content };
      }),
    ),
  );
  const url = (variant: Variant) => `/${variant.fileName}`;
  const largestWebp = variants.filter((v) => v.type === 'image/webp').at(-1);
  const picture: PictureSet = {
    // The size drawn at: the largest file's, in the source's proportions.
    width: largest,
    height: Math.round((height * largest) / width),
    fallback: largestWebp ? url(largestWebp) : '',
    sources: formats.map((format) => ({
      type: format.type,
      srcset: variants
        .filter((v) => v.type === format.type)
        .map((v) => `${url(v)} ${v.width}w`)
        .join(', '),
    })),
  };
  return { picture, variants };
}

export function picturePlugin(): Plugin {
  let serving = false;
  /** While `vite dev` runs, the variants are served from memory rather than written out. */
  const inMemory = new Map<string, Variant>();
  return {
    name: 'practice-site:picture',
    // Before Vite's own asset handling, which would otherwise copy the source as it is.
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const variant = inMemory.get(request.url?.slice(1) ?? '');
        if (!variant) return next();
        response.setHeader('content-type', variant.type);
        response.end(variant.content);
      });
    },
    load: {
      // Only ids ending in ?picture reach the hook, so Rolldown skips the call for every other module.
      filter: { id: /\?picture$/ },
      async handler(id) {
        const file = id.slice(0, -suffix.length);
        this.addWatchFile(file);
        const { picture, variants } = await encode(file);
        for (const variant of variants) {
          if (serving) inMemory.set(variant.fileName, variant);
          else this.emitFile({ type: 'asset', fileName: variant.fileName, source: variant.content });
        }
        return `export default ${JSON.stringify(picture)};`;
      },
    },
  };
}

// Turns `import photo from '#content/images/office.jpg?picture'` into the image at several widths as
// AVIF and WebP, with its size, for the <Picture> component. The files are written into the build's
// assets/ with a hash of the source in their names, so browsers may keep them for a year.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { Plugin } from 'vite';
import type { PictureSet } from '#client/lib/Picture.tsx';

const suffix = '?picture';
/** The widths offered, wide enough for a full-width image on a 2x laptop screen; never wider than the source. */
const widths = [480, 800, 1200, 1600];
const formats = [
  {
    extension: 'avif',
    type: 'image/avif',
    encode: (image: Sharp) => image.avif({ quality: 55, effort: 4 }),
  },
  { extension: 'webp', type: 'image/webp', encode: (image: Sharp) => image.webp({ quality: 78 }) },
] as const;

interface Variant {
  fileName: string;
  type: string;
  content: Buffer;
}

/** Each source is encoded once per process, though the client and prerender builds both import it. */
const encoded = new Map<string, Promise<{ picture: PictureSet; variants: Variant[] }>>();

async function encode(file: string): Promise<{ picture: PictureSet; variants: Variant[] }> {
  const source = readFileSync(file);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
  const { width = 0, height = 0 } = await sharp(source).rotate().metadata();
  if (!width || !height) throw new Error(`${file} is not an image sharp can read`);
  const chosen = [...widths.filter((w) => w < width), Math.min(width, widths.at(-1) ?? width)];
  const sizes = [...new Set(chosen)];
  const name = path.basename(file, path.extname(file));
  const variants: Variant[] = [];
  for (const format of formats) {
    for (const w of sizes) {
      const content = await format.encode(sharp(source).rotate().resize({ width: w })).toBuffer();
      variants.push({
        fileName: `assets/${name}-${w}-${hash}.${format.extension}`,
        type: format.type,
        content,
      });
    }
  }
  const url = (v: Variant) => `/${v.fileName}`;
  const widthOf = (v: Variant) => Number(v.fileName.match(/-(\d+)-[0-9a-f]+\.\w+$/)?.[1]);
  const largestWebp = variants.filter((v) => v.type === 'image/webp').at(-1);
  const picture: PictureSet = {
    width,
    height,
    fallback: largestWebp ? url(largestWebp) : '',
    sources: formats.map((format) => ({
      type: format.type,
      srcset: variants
        .filter((v) => v.type === format.type)
        .map((v) => `${url(v)} ${widthOf(v)}w`)
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
    async load(id) {
      if (!id.endsWith(suffix)) return null;
      const file = id.slice(0, -suffix.length);
      this.addWatchFile(file);
      let pending = encoded.get(file);
      if (!pending) {
        pending = encode(file);
        encoded.set(file, pending);
      }
      const { picture, variants } = await pending;
      for (const variant of variants) {
        if (serving) inMemory.set(variant.fileName, variant);
        else this.emitFile({ type: 'asset', fileName: variant.fileName, source: variant.content });
      }
      return `export default ${JSON.stringify(picture)};`;
    },
  };
}

// Builds the browser bundle and the server's page renderer (dist/ssr/prerender.js), lists what each page
// loads (dist/page-assets.json), and precompresses the assets. The pages themselves are rendered by the
// server, with the firm it holds (docs/decisions/022-the-firm-is-data.md).

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import type * as Prerender from '#client/prerender.tsx';
import { typefaceIds, typefaces } from '#shared/typefaces.ts';
import { processAlive } from './process-alive.ts';
import { bundleServer } from './server-bundle.ts';
import { sourceHash } from './source-hash.ts';
import { writeStrippedCopies } from './stripped-copies.ts';

// Built beside dist/ and put in its place whole at the end, so that a server starting meanwhile, or a
// second build from the same checkout, never reads a half-written build.
const target = path.resolve('dist');
const dist = `${target}.building-${process.pid}`;
const entry = 'src/client/main.ts';
// What a build that was killed left beside dist/.
for (const name of readdirSync(path.dirname(target))) {
  const pid = Number(/^dist\.(?:building|old)-(\d+)$/.exec(name)?.[1]);
  if (pid && pid !== process.pid && !processAlive(pid))
    rmSync(path.join(path.dirname(target), name), { recursive: true, force: true });
}

// A build is for production whatever NODE_ENV the shell has (`npm start` from a test's environment): its
// pages use React's production JSX runtime, which the server's bundle holds (scripts/server-bundle.ts).
process.env.NODE_ENV = 'production';
// One moment for both builds, so a page's prerendered HTML and its first render in the browser agree.
process.env.VITE_BUILD_TIME ??= new Date().toISOString();
await build({ logLevel: 'warn', build: { outDir: path.join(dist, 'client') } });
await build({
  logLevel: 'warn',
  build: {
    ssr: 'src/client/prerender.tsx',
    outDir: path.join(dist, 'ssr'),
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});

// Out of the served folder: the build reads the manifest, visitors have no use for it.
renameSync(path.join(dist, 'client/.vite/manifest.json'), path.join(dist, 'manifest.json'));
rmSync(path.join(dist, 'client/.vite'), { recursive: true });

interface ManifestChunk {
  file: string;
  imports?: string[];
}
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(path.join(dist, 'manifest.json'), 'utf8'),
);
// The site's CSS is one file (vite.config.ts), which the manifest lists on its own.
const stylesheet = manifest['style.css'];
if (!stylesheet) throw new Error('The build made no style.css');

// The typefaces a firm may choose, each the Latin subset of its variable font, named by its content so a
// browser keeps it for a year. The server's /theme.css names the firm's; every page preloads it.
const typefaceFiles = Object.fromEntries(
  typefaceIds.map((id) => {
    const name = typefaces[id].package;
    const bytes = readFileSync(
      `node_modules/@fontsource-variable/${name}/files/${name}-latin-wght-normal.woff2`,
    );
    const file = `${name}-${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}.woff2`;
    writeFileSync(path.join(dist, 'client/assets', file), bytes);
    return [id, `/assets/${file}`];
  }),
) as Prerender.SiteAssets['typefaces'];

/** The output files of `source` and of every module it imports statically. */
function modulesOf(source: string): string[] {
  const modules = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is missing from the Vite manifest`);
    if (modules.has(`/${chunk.file}`)) return;
    modules.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...modules];
}

const { pageCatalogue }: typeof Prerender = await import(
  pathToFileURL(path.join(dist, 'ssr/prerender.js')).href
);
const pages = pageCatalogue();
const script = `/${manifest[entry]?.file}`;
const siteAssets: Prerender.SiteAssets = {
  entry: {
    script,
    styles: [`/${stylesheet.file}`],
    preloads: modulesOf(entry).filter((file) => file !== script),
  },
  typefaces: typefaceFiles,
};
writeFileSync(path.join(dist, 'page-assets.json'), JSON.stringify(siteAssets));
// Compressed once here, so the server never compresses a static file per request.
const compressible = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
const precompress = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) precompress(file);
    else if (compressible.test(name) && statSync(file).size > 512) {
      const content = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  }
};
precompress(path.join(dist, 'client'));

writeStrippedCopies(path.join(dist, 'server'));
await bundleServer(dist, target);

writeFileSync(
  path.join(dist, 'build-info.json'),
  JSON.stringify({ sourceHash: sourceHash(), builtAt: new Date() }),
);
// The swap: two renames, the old build gone only once the new one is in place.
const old = `${target}.old-${process.pid}`;
if (existsSync(target)) renameSync(target, old);
renameSync(dist, target);
rmSync(old, { recursive: true, force: true });
console.log(`Built ${pages.length} pages into ${path.relative('.', target)}/`);

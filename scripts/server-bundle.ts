import { createRequire } from 'node:module';
import path from 'node:path';
import { type Plugin, RolldownMagicString, build as rolldown } from 'rolldown';

// The server as `npm start` runs it: src/server/main.ts and what it imports, bundled and minified into
// one file per package (docs/decisions/026-the-server-bundle.md). V8 keeps the source text of every
// module it loads: about 15 MB for the 800 files of the sources and their packages, 4 MB once bundled.

/**
 * Packages that stay in node_modules: native ones, and those that find files beside their own code at
 * run time (a worker's script, their package.json), which a bundle would move.
 */
const external = [
  /^better-sqlite3/,
  /^@node-rs\//,
  /^pg-native$/,
  /^sharp/,
  /^pino/,
  /^thread-stream/,
  /^@fastify\/swagger/,
  /^fontkit/,
  /^wawoff2/,
];

/** The chunk a package's module goes into: its package's. The site's own go where the bundler puts them. */
function packageOf(id: string): string | null {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  return match?.[1] ? match[1].replace('/', '-') : null;
}

/**
 * Two changes to the site's own modules, each with its source map. First, the modules find files beside
 * themselves (a worker's script, the theme, the seeds) through import.meta: each keeps pointing at its own
 * source file, wherever the bundle that holds it lies, as long as the bundle stays where it was built
 * relative to the sources. Second, characters beyond ASCII are written as escapes, in tagged templates
 * too, which output.charset leaves as they are (the site's tags, html`` and sql``, read the escaped
 * strings, never the raw ones): V8 keeps a script holding one character beyond Latin-1 as two bytes per
 * character, so one curly quote in the site's words would double the memory of its whole chunk. JSX text
 * would show an escape as it is, so the server may import none.
 */
function siteModules(root: string, outDir: string): Plugin {
  return {
    name: 'site-modules',
    transform(code, id) {
      if (!id.startsWith(path.join(root, 'src/'))) return null;
      if (id.endsWith('.tsx')) throw new Error(`The server imports ${id}: JSX is for the browser's bundle`);
      const located = new RolldownMagicString(code);
      const file = JSON.stringify(path.relative(outDir, id));
      const folder = JSON.stringify(`${path.relative(outDir, path.dirname(id))}/`);
      located
        .replaceAll('import.meta.url', `new URL(${file}, import.meta.url).href`)
        .replaceAll(
          'import.meta.dirname',
          `decodeURIComponent(new URL(${folder}, import.meta.url).pathname)`,
        );
      for (const character of new Set(code.match(/[^\p{ASCII}]/gu)))
        located.replaceAll(character, escaped(character));
      return { code: located };
    },
  };
}

/**
 * The packages as they run in production: React and others choose between a development and a
 * production build by NODE_ENV at run time, and the bundle would otherwise carry both (1 MB of React's).
 * The site's own code reads NODE_ENV as it is set when it runs (config.ts).
 */
const packagesInProduction: Plugin = {
  name: 'packages-in-production',
  transform(code, id) {
    if (!id.includes('/node_modules/') || !code.includes('process.env.NODE_ENV')) return null;
    return { code: new RolldownMagicString(code).replaceAll('process.env.NODE_ENV', '"production"') };
  },
};

/**
 * Two ways in which Node would load its own fetch implementation (3 MB) in a server that never fetches.
 * An ES module importing node:http reads every export of it, and three of them (WebSocket, CloseEvent,
 * MessageEvent) load fetch when read: node:http is required instead, as CommonJS modules do, and its
 * other exports are passed on. And @fastify/compress asks whether each answer is a fetch Response, which
 * loads it too: the question is asked only of an answer that could be one.
 */
const withoutFetch: Plugin = {
  name: 'without-fetch',
  resolveId: (id) => (id === 'node:http' || id === 'http' ? '\0node-http' : null),
  load(id) {
    if (id !== '\0node-http') return null;
    const loadsFetch = new Set(['WebSocket', 'CloseEvent', 'MessageEvent']);
    const names = Object.keys(createRequire(import.meta.url)('node:http')).filter(
      (name) => !loadsFetch.has(name),
    );
    return [
      "import { createRequire } from 'node:module';",
      "const http = createRequire(import.meta.url)('node:http');",
      'export default http;',
      `export const { ${names.join(', ')} } = http;`,
    ].join('\n');
  },
  transform(code, id) {
    if (!id.endsWith('node_modules/@fastify/compress/lib/utils.js')) return null;
    const question = 'return obj instanceof Response';
    if (!code.includes(question))
      throw new Error('@fastify/compress changed: see withoutFetch in server-bundle.ts');
    return {
      code: new RolldownMagicString(code).replace(
        question,
        "return typeof obj?.arrayBuffer === 'function' && obj instanceof Response",
      ),
    };
  },
};

/** A character as a JavaScript escape: a surrogate pair as two. */
const escaped = (character: string) =>
  Array.from(
    { length: character.length },
    (_, i) => `\\u${character.charCodeAt(i).toString(16).padStart(4, '0')}`,
  ).join('');

/**
 * Bundles the server into `build`/server-bundle, for it to run from `runAt`/server-bundle (`runAt` is
 * where the build's folder will be once it is swapped in, scripts/build.ts). Its entries: `main.js`, the
 * server, and `renderer.js`, the build's page renderer (`build`/ssr/prerender.js), which the server loads
 * (http/pages.ts) and which shares its chunks: one React and one zod for the pages and the emails.
 */
export async function bundleServer(build: string, runAt = build, root = process.cwd()) {
  const runDir = path.join(runAt, 'server-bundle');
  await rolldown({
    cwd: root,
    input: { main: 'src/server/main.ts', renderer: path.join(build, 'ssr/prerender.js') },
    platform: 'node',
    preserveEntrySignatures: 'allow-extension',
    external,
    logLevel: 'warn',
    // "use client" marks a module for a React server framework's bundler; none runs here.
    onLog: (level, log, report) => log.code !== 'MODULE_LEVEL_DIRECTIVE' && report(level, log),
    plugins: [siteModules(root, runDir), packagesInProduction, withoutFetch],
    output: {
      dir: path.join(build, 'server-bundle'),
      format: 'esm',
      // Names are kept, so that a logged stack still names its functions; the source maps beside each
      // chunk give the lines (NODE_OPTIONS=--enable-source-maps).
      minify: { mangle: false, compress: true, codegen: { removeWhitespace: true } },
      sourcemap: true,
      // The packages' characters beyond ASCII as escapes too (siteModules says why).
      charset: 'ascii',
      // A chunk per package keeps each script V8 parses small (one file of 3 MB left 20 MB of its parse
      // in the C heap), and the packages' modules run in the order they would unbundled.
      codeSplitting: {
        groups: [{ name: packageOf, debugName: 'package', includeDependenciesRecursively: false }],
      },
      strictExecutionOrder: true,
    },
  });
}

import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The version the back office's footer names: the server's own (src/server/release.ts), as both are
// built from this checkout.
const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

// The browser build. The prerender (SSR) build and the page files are made by scripts/build.ts.
export default defineConfig({
  plugins: [react()],
  define: { 'import.meta.env.VITE_SITE_VERSION': JSON.stringify(version) },
  // Nothing is copied as it is: the firm's logo and the pictures made from it are the server's
  // (features/firm/picture-routes.ts).
  publicDir: false,
  appType: 'custom',
  // The bot check's Web Worker is a module, like the rest of the site's code.
  worker: { format: 'es' },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // All the site's CSS is a few KB compressed: one stylesheet, fetched once and cached for every page,
    // blocks the first paint for less time than three small ones would.
    cssCodeSplit: false,
    rolldownOptions: {
      input: 'src/client/main.ts',
      output: {
        // Islands (docs/decisions/023-pages-are-sections.md) share React, and the public forms the same
        // fields, error summary and bot check: a chunk each, rather than the score of tiny shared ones
        // automatic splitting makes, since each request costs a round trip on a phone's connection (on
        // /quote, 15 requests became 9 and its first paint under Lighthouse's slow 4G came 0.3 s sooner).
        // A group takes its modules' imports with it, so the forms' group holds nothing that needs the
        // schema library, which the quote and contact forms do without. What the entry shares with the
        // islands (the loader of chunks, the timings, the browser's storage) is one small chunk of its
        // own, so that no page without a form fetches React or the forms' code to get it.
        codeSplitting: {
          groups: [
            {
              name: 'basics',
              test: /(vite[\\/]preload-helper|src[\\/]shared[\\/](timings|storage-keys|header-scroll)\.ts|src[\\/]client[\\/]lib[\\/]storage\.ts)/,
              priority: 30,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            // The bot check's names and the taking of a token, without React: the instant quote's plain
            // script takes its token here too.
            {
              name: 'bot-check',
              test: /src[\\/](shared[\\/]bot-check\.ts|client[\\/]features[\\/]bot-check[\\/]token\.ts)/,
              priority: 10,
            },
            {
              name: 'forms',
              test: /src[\\/](client[\\/](lib[\\/](Form|TickBox|InputField|ErrorSummary)|features[\\/]bot-check[\\/]useBotCheck)|shared[\\/](bot-check|calendar)\.ts)/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});

// `npm run dev`: Vite's dev server with hot reload on PORT (default 3000), rendering each page on request,
// and the API server (restarted on change) on PORT+1 behind it for everything Vite does not serve.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'vite';
import { renderDocument } from '#client/document.ts';
import type * as Renderer from '#client/prerender.tsx';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { LiveFirm, siteFirmNow } from '#server/features/firm/index.ts';
import { loadLivePages, navigationOf } from '#server/features/pages/live-pages.ts';
import { publicOriginToken } from '#shared/public-origin.ts';
import { retentionPeriodToken, retentionPeriodWords } from '#shared/retention.ts';
import type { SiteFirm } from '#shared/site-firm.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = port + 1;
const retentionPeriod = retentionPeriodWords(loadConfig().retentionMonths);

// The API server serves the not-found page from a build; make one once if there is none.
if (!existsSync('dist/build-info.json'))
  spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });

const api = spawn(process.execPath, ['--watch-path=src', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: String(apiPort), HOST: '127.0.0.1', PUBLIC_URL: `http://localhost:${port}` },
});

// The firm the pages show: the one the API server's database holds (the demo seed on a new one).
const database = createDatabase(loadConfig().database);
const liveFirm = new LiveFirm(database, new URL(`http://localhost:${port}`));
async function firmOfTheDatabase() {
  await liveFirm.refresh();
  return siteFirmNow(liveFirm);
}

/** The script every page loads in development, from Vite (which brings the styles with it). */
const devEntry = { script: '/src/client/main.ts', styles: [], preloads: [] };

/**
 * The page at `urlPath` drawn by the renderer as it is now: one of the product's own, or a page as
 * published (the site's and the firm's), read from the database at each request. Undefined for any other.
 */
async function pageHtml(renderer: typeof Renderer, firm: SiteFirm, urlPath: string) {
  const { pages } = await loadLivePages(database);
  const shown = { ...firm, pages: navigationOf(pages) };
  const own = renderer.renderPages(shown).find((page) => page.meta.path === urlPath);
  if (own) return renderDocument(own, devEntry, shown);
  const published = pages.find((page) => page.path === urlPath);
  if (!published) return undefined;
  const typefaces = JSON.parse(readFileSync('dist/page-assets.json', 'utf8')).typefaces;
  return renderer.renderSectionsPage(shown, { entry: devEntry, typefaces }, published);
}

const vite = await createServer({
  server: { port, host, strictPort: true },
  appType: 'custom',
  plugins: [
    {
      name: 'practice-site-dev-pages',
      configureServer(server) {
        server.middlewares.use(async (request, response, next) => {
          const urlPath = (request.url ?? '/').split('?')[0];
          if (request.method !== 'GET' || !request.headers.accept?.includes('text/html')) return next();
          try {
            const renderer = (await server.ssrLoadModule('/src/client/prerender.tsx')) as typeof Renderer;
            const firm = await firmOfTheDatabase();
            const html = await pageHtml(renderer, firm, urlPath ?? '/');
            if (!html) return next();
            response.setHeader('content-type', 'text/html; charset=utf-8');
            response.end(
              (await server.transformIndexHtml(urlPath ?? '/', html))
                .replaceAll(publicOriginToken, `http://localhost:${port}`)
                .replaceAll(retentionPeriodToken, retentionPeriod),
            );
          } catch (error) {
            server.ssrFixStacktrace(error as Error);
            next(error);
          }
        });
        // After Vite's own middlewares: whatever they did not serve goes to the API server.
        return () => {
          server.middlewares.use((request, response) => {
            const upstream = http.request(
              {
                host: '127.0.0.1',
                port: apiPort,
                path: request.url,
                method: request.method,
                headers: request.headers,
              },
              (answer) => {
                response.writeHead(answer.statusCode ?? 502, answer.headers);
                answer.pipe(response);
              },
            );
            upstream.on('error', () => {
              response.statusCode = 502;
              response.end('The API server is not running (yet): see its output above.');
            });
            request.pipe(upstream);
          });
        };
      },
    },
  ],
});
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

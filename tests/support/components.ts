import react from '@vitejs/plugin-react';
import { createServer, type ViteDevServer } from 'vite';
import { freePort } from './ports.ts';

export interface ComponentServer {
  /** The address of a fixture page, e.g. url('date-picker') for tests/fixtures/components/date-picker.html. */
  url: (fixture: string) => string;
  close: () => Promise<void>;
}

/**
 * Serves the component fixture pages of tests/fixtures/components through Vite, so a component can be tested
 * in Chromium on its own, with the site's real styles, before any page of the site uses it.
 */
export async function startComponentServer(): Promise<ComponentServer> {
  const port = await freePort();
  const server: ViteDevServer = await createServer({
    configFile: false,
    root: process.cwd(),
    cacheDir: 'node_modules/.vite-fixtures',
    plugins: [react()],
    appType: 'mpa',
    logLevel: 'error',
    clearScreen: false,
    server: { host: '127.0.0.1', port, strictPort: true, hmr: false, watch: null },
    // Known up front, so Vite never re-optimises mid-test and reloads the page.
    optimizeDeps: { include: ['react', 'react/jsx-dev-runtime', 'react-dom/client'], noDiscovery: true },
  });
  await server.listen();
  return {
    url: (fixture) => `http://127.0.0.1:${port}/tests/fixtures/components/${fixture}.html`,
    close: () => server.close(),
  };
}

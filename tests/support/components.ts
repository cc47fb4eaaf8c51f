import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, preview } from 'vite';
import { freePort } from './ports.ts';

export interface ComponentServer {
  /** The address of a fixture page, e.g. url('date-picker') for tests/fixtures/components/date-picker.html. */
  url: (fixture: string) => string;
  close: () => Promise<void>;
}

/**
 * Serves a component fixture page of tests/fixtures/components, built by Vite as the site's pages are, so a
 * component can be tested in Chromium on its own, with the site's real styles, before any page of the site
 * uses it. Built rather than served by Vite's dev server: that sends each page's hundred modules one by
 * one, seconds a page load on this machine, where a built page is three files.
 */
export async function startComponentServer(fixture: string): Promise<ComponentServer> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'component-fixture-'));
  const page = `tests/fixtures/components/${fixture}.html`;
  await build({
    configFile: false,
    root: process.cwd(),
    plugins: [react()],
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, rollupOptions: { input: page } },
  });
  const port = await freePort();
  const server = await preview({
    configFile: false,
    root: process.cwd(),
    logLevel: 'error',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
  return {
    url: (name) => `http://127.0.0.1:${port}/tests/fixtures/components/${name}.html`,
    async close() {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

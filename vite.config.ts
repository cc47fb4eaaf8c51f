import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser build. The prerender (SSR) build and the page files are made by scripts/build.ts.
export default defineConfig({
  plugins: [react()],
  // The firm's logo and sharing image, served as they are at the site's root.
  publicDir: 'content/public',
  appType: 'custom',
  // The bot check's Web Worker is a module, like the rest of the site's code.
  worker: { format: 'es' },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      input: 'src/client/main.tsx',
      output: {
        // pages/home/page.tsx becomes assets/home-<hash>.js rather than one of many page-<hash>.js.
        chunkFileNames: (chunk) => {
          const page = chunk.facadeModuleId?.match(/pages\/([^/]+)\/page\.tsx$/)?.[1];
          return `assets/${page ?? '[name]'}-[hash].js`;
        },
      },
    },
  },
});

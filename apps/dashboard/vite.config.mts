import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** A static bundle the gateway serves at /dashboard (no CDN at run time: everything is in dist). */
export default defineConfig({
  root,
  base: '/dashboard/',
  plugins: [preact()],
  build: {
    outDir: fileURLToPath(new URL('../../dist/apps/dashboard', import.meta.url)),
    emptyOutDir: true,
  },
});

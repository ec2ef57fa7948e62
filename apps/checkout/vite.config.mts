import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../../dist/apps/checkout', import.meta.url));

/**
 * Each file the gateway serves is one classic script with a fixed name (merchant pages and the
 * gateway's pages name them; nothing is loaded from a CDN, nothing is hashed). A classic script has
 * one entry, so the build runs once per file (`--mode checkout|frame|pay-page`, in this order: the
 * first one empties dist/apps/checkout).
 */
const BUNDLES = {
  checkout: { entry: 'src/checkout-js/main.ts', file: 'checkout.js' },
  frame: { entry: 'src/modal/main.tsx', file: 'frame.js' },
  'pay-page': { entry: 'src/pay-page/main.ts', file: 'pay-page.js' },
} as const;

type Bundle = keyof typeof BUNDLES;

export default defineConfig(({ mode }): UserConfig => {
  if (!Object.hasOwn(BUNDLES, mode))
    throw new Error(`--mode must be one of ${Object.keys(BUNDLES).join(', ')}, not "${mode}"`);
  const bundle = mode as Bundle;
  const { entry, file } = BUNDLES[bundle];
  return {
    root,
    // Only the modal needs Preact; frame.html (public/) goes with its build.
    plugins: bundle === 'frame' ? [preact()] : [],
    publicDir: bundle === 'frame' ? 'public' : false,
    build: {
      outDir,
      emptyOutDir: bundle === 'checkout',
      // Merchant pages run on older browsers than the dashboard's.
      target: 'es2019',
      lib: {
        entry,
        formats: ['iife'],
        name: 'RazorpayCheckoutBundle',
        fileName: () => file,
        cssFileName: 'frame',
      },
      // A merchant's page may declare another charset than the script's: only ASCII goes out.
      rolldownOptions: { output: { charset: 'ascii' } },
    },
  };
});

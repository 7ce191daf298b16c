import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress';

const api = `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * Vendor chunks that every visit needs and that change rarely, so a new deploy of our own code keeps them cached;
 * then one chunk of everything else the first load needs ($initial). antd is not a vendor chunk of its own: that
 * would drag every component any page uses into the first load. Pages stay lazy chunks of their own.
 */
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 30 },
  { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/, priority: 30 },
  // Everything else the first load needs, in one chunk: code only lazy pages use can never be merged into it.
  { name: 'shell', tags: ['$initial' as const], priority: 10 },
  // The antd parts most pages share, in one lazy chunk: split per component, a list page fetched about 45 small
  // files over HTTP/1.1's six connections, one after another.
  { name: 'ui-kit', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+)[\\/]/, minShareCount: 60, priority: 5 },
];

/**
 * The installable app's service worker (docs/phone.md "离线使用"): scripts/sw.ts, built by vite-plugin-pwa's injectManifest
 * (Workbox precaches the listed files; the kept API reads and the offline queue are ours). Every script and style is
 * precached, not only the first load's: an engineer who goes offline right after logging in must still open an order's
 * detail and its completion dialog, whose pages are lazy chunks. The manifest is public/manifest.webmanifest; the page
 * registers the worker itself (lib/offline/swCache.ts).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'scripts',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,webmanifest,svg,png}'],
    globIgnores: ['**/*.{gz,br}', 'sw.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

// React Router's package exports point at its development build (dev warnings and checks) under every condition,
// so a production build takes its production files by path.
const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

export default defineConfig(({ mode }) => ({
  plugins: [react(), precompress(), pwa],
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: path.join(routerDir, 'dist/production/index.mjs') }] } : {},
  server: { port: 5173, proxy: { '/api': { target: api, ws: true, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
}));

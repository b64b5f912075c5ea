import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { offlinePlaces } from './scripts/offline-places/vite-plugin.ts';
import { offlineWater } from './scripts/offline-water/vite-plugin.ts';

// The build and the dev server; the test projects are in vitest.config.ts, which extends this file
// (a production install, without the test tools, builds from this one alone).
const apiTarget = process.env.FLEET_API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), offlinePlaces(), offlineWater()],
  server: { proxy: { '/api': { target: apiTarget, ws: true } } },
  // No source maps: served beside the bundles, they would hand out the console's whole source.
  build: { outDir: 'dist', chunkSizeWarningLimit: 2000 },
});

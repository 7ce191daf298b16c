import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': { target: api, ws: true, changeOrigin: false } } },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500, sourcemap: false },
});

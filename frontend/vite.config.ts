/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.PORTAL_API ?? 'http://127.0.0.1:8000';
const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // Two pages: the portal, and the house vendor's game page (served by the server at /house/play).
      input: {
        main: page('index.html'),
        house: page('house.html'),
      },
    },
  },
  server: {
    // `npm run dev` proxies the API and the socket to a running `python -m server run`.
    proxy: {
      '/wps': api,
      '/lgw': api,
      '/lotto': api,
      // The house vendor's API; its game page (/house/play) is served by Vite itself in development.
      '/house/': {
        target: api,
        bypass: (req) => (req.url?.startsWith('/house/play') ? req.url.replace('/house/play', '/house.html') : undefined),
      },
      '/socket.io': { target: api, ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // A zone away from UTC, so that a time shown in the wrong zone fails a test.
    env: { TZ: 'Asia/Ho_Chi_Minh' },
  },
});

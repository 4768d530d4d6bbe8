/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.PORTAL_API ?? 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    // `npm run dev` proxies the API and the socket to a running `python -m server run`.
    proxy: {
      '/wps': api,
      '/lgw': api,
      '/lotto': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});

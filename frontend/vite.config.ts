/// <reference types="vitest/config" />
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.PORTAL_API ?? 'http://127.0.0.1:8000';
const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

// Each library family is its own chunk, so that a release that changes the app (or one library) leaves the
// other chunks' names, and the browsers' cached copies, as they were.
const VENDOR_CHUNKS: Record<string, string> = {
  react: 'react',
  'react-dom': 'react',
  scheduler: 'react',
  'react-router': 'router',
  cookie: 'router',
  'set-cookie-parser': 'router',
  i18next: 'i18n',
  jotai: 'jotai',
  'socket.io-client': 'socket',
  'socket.io-parser': 'socket',
  'engine.io-client': 'socket',
  'engine.io-parser': 'socket',
  '@socket.io/component-emitter': 'socket',
  debug: 'socket',
  ms: 'socket',
  'xmlhttprequest-ssl': 'socket',
  'framer-motion': 'motion',
  'motion-dom': 'motion',
  'motion-utils': 'motion',
};

// Our React binding of i18next (src/i18n/react.ts, shared with the house page) travels with i18next, as
// react-i18next did, rather than as a chunk of its own.
const I18N_BINDING = page('src/i18n/react.ts');

function vendorChunk(id: string): string | undefined {
  if (id === I18N_BINDING) return 'i18n';
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  return match ? VENDOR_CHUNKS[match[1]!] : undefined;
}

// Each text asset also as .br and .gz, written once at build time: the server (like nginx's gzip_static)
// picks the one the browser accepts, and spends no CPU compressing per request.
function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const path = join(dir, name);
            const raw = await readFile(path);
            if (raw.length < 1024) return; // a header's worth: not worth a second round of work
            const [br, gz] = await Promise.all([
              brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              gzipped(raw, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}

// react-router's package exports point every bundler at its development build, whose dev warnings cost the
// first page 0.5 kB; its production build is the same code with them switched off (remix-run/react-router
// issues 12532 and 14102). Production bundles take that one; the dev server and the tests keep the warnings.
const ROUTER_PRODUCTION = page('node_modules/react-router/dist/production/index.mjs');

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: ROUTER_PRODUCTION }] : [],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // No modulepreload polyfill in the first page's script (0.4 kB gzip): every current browser preloads
    // modules natively, and one that does not (Safari before 17) loads the same modules, only without the hint.
    modulePreload: { polyfill: false },
    // Terser packs the first page's script 2 kB (gzip) tighter than esbuild does, for a few seconds more of
    // build; a second compress pass finds what the first one's inlining opened up.
    minify: 'terser',
    terserOptions: { module: true, compress: { passes: 2 }, format: { comments: false } },
    rollupOptions: {
      // Three pages: the portal, the house vendor's game page (served by the server at /house/play), and the
      // staff console (served at /console/...).
      input: {
        main: page('index.html'),
        house: page('house.html'),
        console: page('console.html'),
      },
      output: { manualChunks: vendorChunk },
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
      // The staff console's history routes are its own page, console.html (the server does the same).
      '^/console(/|$|\\?)': { target: api, bypass: () => '/console.html' },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // A zone away from UTC, so that a time shown in the wrong zone fails a test.
    env: { TZ: 'Asia/Ho_Chi_Minh' },
  },
}));

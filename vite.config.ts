import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://127.0.0.1:8000';

// Admin-only code (admin pages, components and API calls, the features' admin/ folders, the crop and
// colour-picker packages) must never reach shoppers: chunks holding any of it are named 'admin-…' so the
// end-to-end test can prove it.
const ADMIN_MODULE =
  /[\\/]src[\\/](pages|components|api|features[\\/][^\\/]+)[\\/]admin[\\/]|[\\/]node_modules[\\/](react-image-crop|react-color)[\\/]/;

// The entry's imports from src/app; their static dependencies join them (includeDependenciesRecursively, the
// default). main.tsx itself stays in the entry chunk, which index.html loads and which imports this one.
const FIRST_LOAD_ROOTS = /[\\/]src[\\/]app[\\/](AppProviders|routes|store)\.tsx?$/;

// axios chooses its XMLHttpRequest adapter wherever XMLHttpRequest exists (default order xhr, http, fetch), so in
// the browser its fetch adapter (about 4 KB gzip, in the first load) never runs; the build leaves it out. The
// XMLHttpRequest adapter stays: the admin's uploads report their progress through it.
const axiosWithoutFetchAdapter: Plugin = {
  name: 'axios-without-fetch-adapter',
  apply: 'build',
  enforce: 'pre',
  load(id) {
    if (/[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/.test(id))
      return 'export const getFetch = () => false;\nexport default false;\n';
  },
};

// react-router's package.json points every import at its development build (remix-run/react-router#14102), which
// logs the router's developer warnings in the shop's console and brings their text to every shopper. Its production
// build, beside it in the package, is the same code with the warnings off; the build takes that one. Dev and the tests
// keep the warnings.
const routerBuilds = path.dirname(path.dirname(createRequire(import.meta.url).resolve('react-router')));
const ROUTER_PRODUCTION: Record<string, string> = {
  'react-router': path.join(routerBuilds, 'production', 'index.mjs'),
  'react-router/dom': path.join(routerBuilds, 'production', 'dom-export.mjs'),
};
const reactRouterProductionBuild: Plugin = {
  name: 'react-router-production-build',
  apply: 'build',
  enforce: 'pre',
  resolveId: (source) => ROUTER_PRODUCTION[source],
};

// Each built script, style sheet and SVG is also written compressed, once, at the strongest settings (brotli 11 and
// gzip 9), and the server sends those files as they are (server/plugins/staticFiles.ts). Compressing on the fly at a
// level cheap enough per request made app.js larger in brotli than in gzip; at 11 it is about 14 % smaller.
// The files every first visit waits for (the entry, its static imports and their styles) get gzip from Zopfli: the
// same format, about 4 % smaller than level 9, for browsers that get no brotli (any page over plain HTTP). It costs
// about a second a file at build time, so the lazy chunks keep level 9.
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|svg|html|json|txt|xml)$/;

/** The entry chunks, every chunk they import statically and the styles of all these: what the HTML loads. */
function firstLoadFiles(bundle: Rolldown.OutputBundle): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (files.has(file) || chunk?.type !== 'chunk') return;
    files.add(file);
    chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
    chunk.imports.forEach(visit);
  };
  for (const [file, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(file);
  return files;
}

const precompressedAssets: Plugin = {
  name: 'precompressed-assets',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir!;
    const firstLoad = firstLoadFiles(bundle);
    await Promise.all(
      Object.keys(bundle)
        .filter((file) => COMPRESSIBLE.test(file) && file.startsWith('assets/'))
        .map(async (file) => {
          const content = await fs.readFile(path.join(dir, file));
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            firstLoad.has(file) ? zopfliGzip(content, { numiterations: 5 }) : gzip(content, { level: 9 }),
          ]);
          await Promise.all([
            fs.writeFile(path.join(dir, `${file}.br`), br),
            fs.writeFile(path.join(dir, `${file}.gz`), gz),
          ]);
        }),
    );
  },
};

// The test suites' settings are in vitest.config.ts, which builds on this file; a build loads none of them.
export default defineConfig({
  plugins: [react(), axiosWithoutFetchAdapter, reactRouterProductionBuild, precompressedAssets],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/payments': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: the server reads it to preload a page's lazy chunk from the HTML it sends (server/modules/seo).
    manifest: true,
    // No module-preload polyfill: every browser the shop supports preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first page needs statically (React, the router, the store, the layout, the home page)
        // in one chunk instead of ~25 small shared ones: on a 150 ms round trip each extra file costs latency.
        // Lazy pages keep their own chunks and import the shared code from this one.
        codeSplitting: {
          groups: [{ name: 'app', test: FIRST_LOAD_ROOTS }],
        },
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => ADMIN_MODULE.test(id))
            ? 'assets/admin-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
});

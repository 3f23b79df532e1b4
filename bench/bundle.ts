import path from 'node:path';
import zlib from 'node:zlib';
import { build, type Plugin, type Rollup } from 'vite';

/**
 * Builds the web app for production (the same `vite build` as `npm run build`, into dist/) while watching
 * the bundle, then measures what each storefront route downloads before it can render, and where the
 * admin pages and the heavy widgets ended up.
 */

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteLoad {
  route: string;
  js: Sizes;
  css: Sizes;
  files: string[];
}

export interface BundleReport {
  routes: RouteLoad[];
  /** Where each heavy dependency (and the admin pages) lives, and whether the home route loads it. */
  isolation: { name: string; chunks: string[]; inHomeFirstLoad: boolean }[];
  chunks: { file: string; raw: number; gzip: number }[];
}

const HEAVY: { name: string; match: (id: string) => boolean }[] = [
  { name: 'admin pages', match: (id) => id.includes(`${path.sep}src${path.sep}pages${path.sep}admin${path.sep}`) },
  { name: 'react-image-crop (cropper)', match: (id) => id.includes('node_modules/react-image-crop/') },
  { name: 'react-color (colour picker)', match: (id) => id.includes('node_modules/react-color/') },
  { name: 'react-image-gallery (gallery)', match: (id) => id.includes('node_modules/react-image-gallery/') },
];

/** Lazily loaded page of each measured route (the home page is part of the entry). */
const ROUTE_PAGES: Record<string, string | undefined> = {
  '/': undefined,
  '/products': 'src/pages/storefront/ProductsPage.tsx',
  '/products/:id': 'src/pages/storefront/ProductDetailsPage.tsx',
};

const gzip = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;
const brotli = (b: Buffer) =>
  zlib.brotliCompressSync(b, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length },
  }).length;
const sizes = (buffers: Buffer[]): Sizes => ({
  raw: buffers.reduce((n, b) => n + b.length, 0),
  gzip: buffers.reduce((n, b) => n + gzip(b), 0),
  brotli: buffers.reduce((n, b) => n + brotli(b), 0),
});

export async function runBundleBench(root: string): Promise<BundleReport> {
  let bundle: Rollup.OutputBundle = {};
  const watch: Plugin = {
    name: 'bench-watch-bundle',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, output) {
      bundle = output;
    },
  };
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', plugins: [watch] });

  const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const content = (file: string) => {
    const out = bundle[file];
    return Buffer.from(out.type === 'chunk' ? out.code : out.source);
  };
  const entry = chunks.find((c) => c.isEntry)!;

  /** A chunk and everything it imports statically: what the browser fetches before the chunk can run. */
  const closure = (start: Rollup.OutputChunk, seen = new Set<string>()) => {
    if (seen.has(start.fileName)) return seen;
    seen.add(start.fileName);
    for (const file of start.imports) closure(byFile.get(file)!, seen);
    return seen;
  };
  const cssOf = (files: Set<string>) =>
    new Set(
      [...files].flatMap((f) => [
        ...((byFile.get(f) as Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
          ?.importedCss ?? []),
      ]),
    );

  const routes: RouteLoad[] = [];
  for (const [route, page] of Object.entries(ROUTE_PAGES)) {
    const js = closure(entry);
    if (page) {
      const pageChunk = chunks.find((c) => c.facadeModuleId === path.join(root, page));
      if (pageChunk) closure(pageChunk, js);
    }
    const css = cssOf(js);
    routes.push({ route, js: sizes([...js].map(content)), css: sizes([...css].map(content)), files: [...js, ...css] });
  }

  const homeFiles = new Set(routes[0].files);
  const isolation = HEAVY.map(({ name, match }) => {
    const holding = chunks
      .filter((c) => Object.keys(c.modules).some((id) => match(id) && c.modules[id].renderedLength > 0))
      .map((c) => c.fileName);
    return { name, chunks: holding, inHomeFirstLoad: holding.some((f) => homeFiles.has(f)) };
  });

  return {
    routes,
    isolation,
    chunks: chunks
      .map((c) => ({ file: c.fileName, raw: Buffer.byteLength(c.code), gzip: gzip(Buffer.from(c.code)) }))
      .sort((a, b) => b.raw - a.raw),
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

/**
 * The code's import graph reads top-down (CONTRIBUTING): no module imports, at run time, one that imports it back,
 * in the server, the web app or common/. Type-only imports are erased by the compiler and are left out of that
 * first check; between the server's modules (server/modules/<name>/, the catalogue's resources being one module)
 * they count too: a module's types are part of what it depends on.
 */
const ROOT = path.resolve(__dirname, '../..');
const graphOf = (folders: string[], baseDir = ROOT, { typeImports = false } = {}) =>
  madge(folders, {
    baseDir,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(ROOT, 'tsconfig.json'),
    detectiveOptions: typeImports ? undefined : { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
  });

/**
 * A file's module (`modules/<name>`), or the file itself outside server/modules/<name>/. A module's routes.ts and
 * workflows.ts are the level above it (`modules/<name> (top)`, CONTRIBUTING): they compose it with the modules built
 * on it (the order's mail, its payment), so they may import a module that imports theirs.
 */
const moduleOf = (file: string) => {
  const found = /^(?:server\/)?(modules\/[^/]+)\/(?:.+\/)?([^/]+)$/.exec(file);
  if (!found) return file;
  return ['routes.ts', 'workflows.ts'].includes(found[2]) ? `${found[1]} (top)` : found[1];
};

/** The graph of `files → imports` with each module's files as one node, and no edge from a node to itself. */
function collapse(files: Record<string, string[]>) {
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of Object.entries(files)) {
    const from = moduleOf(file);
    const to = edges.get(from) ?? new Set<string>();
    edges.set(from, to);
    for (const imported of imports) {
      const target = moduleOf(imported);
      // A module's index.ts hands its routes to server/modules/index.ts: its face, not a use of its own top.
      if (target !== from && target !== `${from} (top)`) to.add(target);
    }
  }
  return edges;
}

/** The groups of nodes that reach each other (strongly connected components of two nodes or more), sorted. */
function circles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group = stack.splice(stack.indexOf(node));
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found.sort();
}

/** Circles with a server module in them (counting type-only imports), each as its sorted nodes. */
const moduleCircles = (files: Record<string, string[]>) =>
  circles(collapse(files)).filter((group) => group.some((node) => node.startsWith('modules/')));

/** Lines `file: import` of files under `folder` that match `bad`. */
const importsMatching = (files: Record<string, string[]>, folder: string, bad: RegExp) =>
  Object.entries(files)
    .filter(([file]) => file.startsWith(folder))
    .flatMap(([file, imports]) => imports.filter((i) => bad.test(i)).map((i) => `${file}: ${i}`));

/** The modules the catalogue is built on by, never the other way round. */
const ABOVE_THE_CATALOGUE = /^server\/modules\/(cart|reviews|orders)\//;

/** `.tx(` (a transaction opened) in files of `folder` other than service.ts files, as `file:line`. */
function transactionsOutsideServices(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ts$/.test(entry.name) && entry.name !== 'service.ts')
        fs.readFileSync(full, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (/\.tx\(/.test(line)) found.push(`${path.relative(ROOT, full)}:${i + 1}`);
          });
    }
  };
  walk(folder);
  return found;
}

const CATALOGUE = path.join(ROOT, 'server/modules/catalogue');

describe('the module graph', () => {
  it('has no import cycle in server/, src/ or common/', async () => {
    const graph = await graphOf(['server', 'src', 'common'].map((folder) => path.join(ROOT, folder)));
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(300);
    expect(graph.circular()).toEqual([]);
  });

  it('sees a cycle, a run-time one only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'module-graph-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import type { D } from './d';\nexport type C = D;\n");
      fs.writeFileSync(path.join(dir, 'd.ts'), "import type { C } from './c';\nexport type D = C | 1;\n");
      expect((await graphOf([dir], dir)).circular()).toEqual([['a.ts', 'b.ts']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('between server modules (type-only imports counted)', () => {
    const serverFiles = async () => (await graphOf([path.join(ROOT, 'server')], ROOT, { typeImports: true })).obj();

    it('no module imports one that imports it back, directly or through other server code', async () => {
      const files = await serverFiles();
      expect(Object.keys(files).filter((f) => f.startsWith('server/modules/catalogue/')).length).toBeGreaterThan(20);
      expect(moduleCircles(files)).toEqual([]);
    });

    it('the catalogue imports neither the cart, nor reviews, nor orders: they import it', async () => {
      const files = await serverFiles();
      expect(importsMatching(files, 'server/modules/catalogue/', ABOVE_THE_CATALOGUE)).toEqual([]);
      expect(importsMatching(files, 'server/modules/cart/', /^server\/modules\/catalogue\//)).not.toEqual([]);
    });

    it('sees a circle through a type-only import, with a module folder of several resources as one module', () => {
      const files = {
        'server/modules/catalogue/products/service.ts': ['server/modules/catalogue/categories/repository.ts'],
        'server/modules/catalogue/categories/repository.ts': ['server/lib/x.ts'],
        'server/lib/x.ts': ['server/modules/cart/index.ts'],
        // import type { CartRow } from '../../cart' inside the catalogue
        'server/modules/catalogue/products/routes.ts': ['server/modules/cart/index.ts'],
        'server/modules/cart/index.ts': ['server/modules/catalogue/index.ts'],
        'server/modules/catalogue/index.ts': ['server/modules/catalogue/products/service.ts'],
        'server/db/index.ts': ['server/db/pagedList.ts'],
        'server/db/pagedList.ts': ['server/db/index.ts'],
      };
      expect(moduleCircles(files)).toEqual([['modules/cart', 'modules/catalogue', 'server/lib/x.ts']]);
      expect(importsMatching(files, 'server/modules/catalogue/', ABOVE_THE_CATALOGUE)).toEqual([
        'server/modules/catalogue/products/routes.ts: server/modules/cart/index.ts',
      ]);
    });
  });

  it('in the catalogue, transactions open only in service.ts files', () => {
    expect(fs.readdirSync(CATALOGUE).length).toBeGreaterThan(4);
    expect(transactionsOutsideServices(CATALOGUE)).toEqual([]);
  });
});

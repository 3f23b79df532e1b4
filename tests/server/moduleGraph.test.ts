import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

/**
 * The code's import graph reads top-down (CONTRIBUTING): no module imports, at run time, one that imports it back,
 * in the server, the web app or common/. Type-only imports are erased by the compiler and are left out.
 */
const ROOT = path.resolve(__dirname, '../..');
const graphOf = (folders: string[], baseDir = ROOT) =>
  madge(folders, {
    baseDir,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(ROOT, 'tsconfig.json'),
    detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
  });

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
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every server module has the shape CONTRIBUTING describes, read from its source files: a repository.ts is SQL only
 * (it opens no transaction, and of another module it imports only types and SQL text, named `…_SQL` or `…_COLUMNS`,
 * never code to run), a routes.ts checks, calls a service and replies (it opens no
 * transaction and imports no repository), and the modules depend on each other one way: no module-level cycle,
 * type-only imports counted, since a type shared in a circle ties the modules as much as a value. A module's routes.ts
 * and workflows.ts sit one level up (what a request does once committed, the customer's mail, a payment provider), so
 * that mail and payments may depend on the module and the module on neither; server/mail/ counts as a module. The
 * catalogue has its own guard (tests/server/moduleGraph.test.ts) and is left out here.
 */
const ROOT = path.resolve(__dirname, '../..');
const LEFT_OUT = new Set(['catalogue']);
/** The files above a module's own: nothing but the module list mounts them. */
const TOP = new Set(['routes.ts', 'workflows.ts']);

interface SourceFile {
  /** Relative to the root, with forward slashes. */
  file: string;
  /** The module (`server/modules/<name>/` or `mail`), or undefined outside them. */
  module?: string;
  source: ts.SourceFile;
  /** The files it imports or re-exports from (type-only too), relative to the root. */
  imports: string[];
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const moduleOf = (file: string) =>
  file.match(/^server\/modules\/([^/]+)\//)?.[1] ?? (file.startsWith('server/mail/') ? 'mail' : undefined);

function resolve(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(root, path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile())
      return path.relative(root, candidate).split(path.sep).join('/');
  return undefined;
}

function readSources(root: string): SourceFile[] {
  const folders = [path.join(root, 'server/modules'), path.join(root, 'server/mail')];
  return folders.flatMap(filesUnder).map((full) => {
    const file = path.relative(root, full).split(path.sep).join('/');
    const text = fs.readFileSync(full, 'utf8');
    const imports = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((imported) => resolve(root, file, imported.fileName))
      .filter((target): target is string => target !== undefined);
    return { file, module: moduleOf(file), source: ts.createSourceFile(file, text, ts.ScriptTarget.Latest), imports };
  });
}

/** Whether the file calls `.tx(…)` (db.tx, ctx.db.tx): opens a transaction. */
function opensTransaction(source: ts.SourceFile): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'tx'
    )
      found = true;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What a file imports at run time from each file, by name (`*` for a whole module or a side effect). */
function valueImports(root: string, file: string, source: ts.SourceFile): { target: string; names: string[] }[] {
  const found: { target: string; names: string[] }[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const target = resolve(root, file, specifier.text);
    if (!target) continue;
    let names: string[];
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      names = [
        ...(!clause || clause.name || (bindings && ts.isNamespaceImport(bindings)) ? ['*'] : []),
        ...(bindings && ts.isNamedImports(bindings)
          ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : []),
      ];
    } else {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : ['*'];
    }
    if (names.length) found.push({ target, names });
  }
  return found;
}

/** SQL text another module's repository may build on (the catalogue's product reference and columns). */
const SQL_TEXT = /_(SQL|COLUMNS)$/;

/** A module's part in the graph: its own files, or the level above them (routes.ts, workflows.ts). */
const partOf = (file: string, module: string) =>
  module !== 'mail' && TOP.has(path.basename(file)) && file.split('/').length === 4 ? `${module} (top)` : module;

/** The strongly connected parts of the graph that span more than one module: its module-level cycles. */
function moduleCycles(files: SourceFile[]): string[][] {
  const graph = new Map<string, Set<string>>();
  const moduleOfPart = new Map<string, string>();
  for (const { file, module, imports } of files) {
    if (!module || LEFT_OUT.has(module)) continue;
    const from = partOf(file, module);
    moduleOfPart.set(from, module);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of imports) {
      const targetModule = moduleOf(target);
      if (!targetModule || LEFT_OUT.has(targetModule)) continue;
      const to = partOf(target, targetModule);
      moduleOfPart.set(to, targetModule);
      if (!graph.has(to)) graph.set(to, new Set());
      if (to !== from) graph.get(from)!.add(to);
    }
  }
  // Tarjan's strongly connected components.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)!) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components.filter((component) => new Set(component.map((part) => moduleOfPart.get(part))).size > 1);
}

/** Every breach of the shape, one line each. */
function shapeViolations(root: string): string[] {
  const files = readSources(root);
  const violations: string[] = [];
  for (const { file, module, source, imports } of files) {
    if (!module || module === 'mail' || LEFT_OUT.has(module)) continue;
    const name = path.basename(file);
    if ((name === 'repository.ts' || name === 'routes.ts') && opensTransaction(source))
      violations.push(`${file} opens a transaction: transactions open in the module's service.ts`);
    if (name === 'routes.ts')
      for (const target of imports.filter((target) => path.basename(target) === 'repository.ts'))
        violations.push(`${file} imports ${target}: routes call services, never repositories`);
    if (name === 'repository.ts')
      for (const { target, names } of valueImports(root, file, source))
        for (const imported of names.filter((imported) => !SQL_TEXT.test(imported)))
          if (moduleOf(target) && moduleOf(target) !== module)
            violations.push(
              `${file} imports ${imported} from ${target}: a repository is SQL only and runs no other module's code`,
            );
  }
  for (const cycle of moduleCycles(files)) violations.push(`modules in a cycle: ${cycle.join(' → ')}`);
  return violations;
}

describe('the shape of the server modules', () => {
  it('holds for every module but the catalogue', () => {
    expect(readSources(ROOT).filter((f) => f.module && !LEFT_OUT.has(f.module)).length).toBeGreaterThan(60);
    expect(shapeViolations(ROOT)).toEqual([]);
  });

  describe('sees each breach', () => {
    const write = (root: string, file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    const withShop = (files: Record<string, string>) => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'module-shape-'));
      try {
        const good: Record<string, string> = {
          'server/modules/a/repository.ts': 'export const rows = (db: any) => db.query("SELECT 1");\n',
          'server/modules/a/service.ts':
            "import { rows } from './repository';\nexport const read = (db: any) => db.tx((tx: any) => rows(tx));\n",
          'server/modules/a/index.ts': "export { read } from './service';\n",
          'server/modules/a/routes.ts': "import { read } from './service';\nexport const routes = () => read;\n",
          'server/modules/b/service.ts': "import { read } from '../a';\nexport const useA = () => read;\n",
          'server/modules/b/index.ts': "export { useA } from './service';\n",
          // A module's top (routes, workflows) may use a module that uses it; mail may use the module.
          'server/modules/a/workflows.ts': "import { mailA } from '../../mail/aMail';\nexport const w = mailA;\n",
          'server/mail/aMail.ts': "import { read } from '../modules/a';\nexport const mailA = read;\n",
        };
        for (const [file, text] of Object.entries({ ...good, ...files })) write(root, file, text);
        return shapeViolations(root);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    };

    it('accepts a shop of the right shape', () => {
      expect(withShop({})).toEqual([]);
    });

    it('a transaction opened in a repository or a route', () => {
      expect(
        withShop({
          'server/modules/a/repository.ts': 'export const rows = (db: any) => db.tx((tx: any) => tx.query("1"));\n',
          'server/modules/a/routes.ts': 'export const routes = (ctx: any) => ctx.db.tx(async () => 1);\n',
        }),
      ).toEqual([
        "server/modules/a/repository.ts opens a transaction: transactions open in the module's service.ts",
        "server/modules/a/routes.ts opens a transaction: transactions open in the module's service.ts",
      ]);
    });

    it('a route that imports a repository, its own or, type only, another', () => {
      expect(
        withShop({
          'server/modules/a/routes.ts': "import { rows } from './repository';\nexport const routes = () => rows;\n",
          'server/modules/b/routes.ts': "import type { Row } from '../a/repository';\nexport type R = Row;\n",
        }),
      ).toEqual([
        'server/modules/a/routes.ts imports server/modules/a/repository.ts: routes call services, never repositories',
        'server/modules/b/routes.ts imports server/modules/a/repository.ts: routes call services, never repositories',
      ]);
    });

    it("a repository that imports another module's code (its types and SQL text are fine)", () => {
      const typesAndSql = "import type { A } from '../a';\nimport { type B, ROW_SQL, A_COLUMNS } from '../a';\n";
      expect(withShop({ 'server/modules/b/repository.ts': typesAndSql })).toEqual([]);
      expect(
        withShop({
          'server/modules/b/repository.ts': "import { read, type A } from '../a';\nexport const r = read;\n",
          'server/modules/b/other.ts': "export { read as reread } from '../a';\n",
          'server/modules/c/repository.ts': "export { read } from '../a/service';\nimport * as a from '../a';\n",
        }),
      ).toEqual([
        "server/modules/b/repository.ts imports read from server/modules/a/index.ts: a repository is SQL only and runs no other module's code",
        "server/modules/c/repository.ts imports read from server/modules/a/service.ts: a repository is SQL only and runs no other module's code",
        "server/modules/c/repository.ts imports * from server/modules/a/index.ts: a repository is SQL only and runs no other module's code",
      ]);
    });

    it('modules in a cycle, also by a type-only import or through mail', () => {
      expect(
        withShop({ 'server/modules/a/service.ts': "import type { B } from '../b';\nexport type A = B;\n" }),
      ).toEqual(['modules in a cycle: a → b']);
      expect(
        withShop({
          'server/modules/a/service.ts': "import { mailA } from '../../mail/aMail';\nexport const x = mailA;\n",
        }),
      ).toEqual(['modules in a cycle: a → mail']);
    });
  });
});

import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db';
import { removeImage } from '../../../lib/images';
import type { ZipFiles } from '../../../lib/zip';
import { recordAudit, type AuditActor } from '../../audit';
import { listProductPage } from '../products/search';
import { writeCatalogueSheet } from './catalogueExport';
import { planImport, readSheet, writeImport, type ImportPlan } from './catalogueImport';

/**
 * The catalogue as CSV (UTF-8 with BOM, lib/csv.ts), all of it or what the admin list's filters pick (the query of
 * GET /products, in its order), streamed a page at a time from one read-only snapshot, so an edit made meanwhile
 * neither repeats nor drops a line. The query is checked before the stream starts (a bad filter is API.md's 400).
 */
export async function catalogueCsv(db: Db, query: Record<string, unknown>): Promise<Readable> {
  const { q } = await listProductPage(db, { ...query, page: 1, limit: 1 });
  const out = new PassThrough();
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };
  void db
    .tx((tx) => writeCatalogueSheet(tx, q, write, () => out.destroyed), { snapshot: true })
    .then(
      () => out.end(),
      (err: Error) => out.destroy(err),
    );
  return out;
}

/** Rows to create, update and leave, and the refused ones, read from one snapshot: nothing is written. */
export async function previewImport(db: Db, text: string, createMissing: boolean, zip?: ZipFiles): Promise<ImportPlan> {
  const sheet = await readSheet(text);
  return (await db.tx((tx) => planImport(tx, sheet, createMissing, zip), { snapshot: true })).plan;
}

/**
 * Applies the sheet in one transaction (writeImport), refused whole when any row is, with one entry in the audit log
 * for the import, its counts, in the same transaction. Images stored from the ZIP go again when it is not written.
 */
export async function applyImport(
  ctx: AppContext,
  actor: AuditActor,
  text: string,
  createMissing: boolean,
  zip?: ZipFiles,
): Promise<ImportPlan> {
  const sheet = await readSheet(text);
  const images = zip && { zip, storage: ctx.storage };
  /** Images stored from the ZIP: removed again when the import is not written. */
  const stored: string[] = [];
  try {
    return await ctx.db.tx(async (tx) => {
      const plan = await writeImport(tx, sheet, createMissing, images, stored);
      await recordAudit(tx, actor, {
        action: 'product.import',
        target: { type: 'product' },
        after: {
          rows: plan.counts.rows,
          created: plan.counts.create,
          updated: plan.counts.update,
          unchanged: plan.counts.unchanged,
          newCategories: plan.newNames.categories.length,
          newSubcategories: plan.newNames.subcategories.length,
          newBrands: plan.newNames.brands.length,
        },
      });
      return plan;
    });
  } catch (err) {
    await Promise.all(stored.map((name) => removeImage(ctx.storage, 'products', name)));
    throw err;
  }
}

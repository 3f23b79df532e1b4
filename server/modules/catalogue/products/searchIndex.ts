import type { Db } from '../../../db';
import { productSearchVector } from '../../../lib/searchText';

/**
 * The version of the text analysis (lib/searchText.ts, brokenPlurals.ts) the stored search vectors were made with.
 * Raise it with any change there that alters the terms of a word: the next start then analyses every product again.
 */
export const SEARCH_ANALYSIS = 1;
const BATCH = 1000;

/**
 * Fills in the search vectors a start finds missing (products of a database from before migration 018, or every
 * product after SEARCH_ANALYSIS changed), in batches, under the start-up lock. Nothing to do costs two reads.
 */
export function refreshSearchIndex(db: Db): Promise<number> {
  return db.exclusive(async () => {
    const state = await db.one<{ analysis: number }>('SELECT analysis FROM search_index_state');
    // Writes go in transactions, which the storefront's statement timeout does not cut off.
    if (state?.analysis !== SEARCH_ANALYSIS) {
      await db.tx(async (tx) => {
        if (state) await tx.query('UPDATE products SET search_vector = NULL WHERE search_vector IS NOT NULL');
        await tx.query(
          `INSERT INTO search_index_state (analysis) VALUES ($1)
           ON CONFLICT (only_row) DO UPDATE SET analysis = excluded.analysis`,
          [SEARCH_ANALYSIS],
        );
      });
    }
    let analysed = 0;
    for (;;) {
      const rows = await db.query<{ id: string; title: string; description: string }>(
        `SELECT id, title, description FROM products WHERE search_vector IS NULL LIMIT ${BATCH}`,
      );
      if (!rows.length) return analysed;
      await db.tx((tx) =>
        tx.query(
          `UPDATE products p SET search_vector = v.vector::tsvector
         FROM unnest($1::uuid[], $2::text[]) AS v(id, vector) WHERE p.id = v.id`,
          [rows.map((r) => r.id), rows.map((r) => productSearchVector(r.title, r.description))],
        ),
      );
      analysed += rows.length;
    }
  });
}

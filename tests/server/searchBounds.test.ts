import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db';
import { productSearchVector } from '../../server/lib/searchText';
import { COSTLY_LISTS, costlyListGate } from '../../server/modules/catalogue/products/search';
import { createCategory, createProduct, onPostgres, useTestApp } from './helpers';

/**
 * No single request, and no burst of them, can take the database (SECURITY.md, G9): the product list's costly
 * searches (a keyword, a sort no index serves) over a large catalogue take turns a few at a time, are refused at once
 * beyond their queue, and on PostgreSQL each statement is cut off by PG_STATEMENT_TIMEOUT_MS, always with a clear 503.
 */
const t = useTestApp();
/** PostgreSQL gets the catalogue of the report (30,000 products); PGlite, in memory, a tenth of it. */
const CATALOGUE = onPostgres ? 30_000 : 3_000;
const costly = '/api/v1/products?keyword=aa&sort=title';
const unavailable = { status: 'error', message: 'Service temporarily unavailable, please try again' };
const limits = { ...COSTLY_LISTS };
let product = '';

/**
 * The catalogue, put back before each test (useTestApp empties the database): one word ("aa") in every title, so the
 * keyword matches all of it, the worst case for a sort by title; and one product of another name.
 */
const refill = async () => {
  const category = await createCategory(t);
  const title = 'aa منتج تجريبي';
  // In a transaction, which PG_STATEMENT_TIMEOUT_MS does not limit: filling the catalogue is not a visitor's request.
  await t.db.tx((tx) =>
    tx.query(
      `INSERT INTO products (title, slug, description, quantity, price, image_cover, images, category_id, search_vector)
     SELECT $1 || ' ' || g, 'aa-' || g, 'aa وصف المنتج', 5, 1000 + g, 'cover.webp', '{}', $2, $3::tsvector
     FROM generate_series(1, $4::int) g`,
      [title, category, productSearchVector(title, 'aa وصف المنتج'), CATALOGUE],
    ),
  );
  product = await createProduct(t, { title: 'سماعة لاسلكية' });
};
afterEach(() => {
  Object.assign(COSTLY_LISTS, limits);
  costlyListGate(t.db).peak = 0;
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('costly product searches are bounded', () => {
  it('a 100-character keyword of % and _ is no word at all: 200 with no products, whatever the catalogue', async () => {
    await refill();
    const res = await get(`/api/v1/products?keyword=${encodeURIComponent('%_'.repeat(50))}&sort=title`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ results: 0, data: [] });
  });

  it(`100 searches at once (keyword=aa&sort=title over ${CATALOGUE} products) run ${COSTLY_LISTS.concurrent} at a time and all answer; other visitors are served meanwhile`, async () => {
    await refill();
    const finished: string[] = [];
    // 100 different searches (the same one asked at once is read once: the answer cache of routes.ts).
    const searches = Array.from({ length: 100 }, (_, i) =>
      get(`${i % 2 ? costly : '/api/v1/products?keyword=aa'}&limit=${1 + i}`).then((res) => {
        finished.push('search');
        return res;
      }),
    );
    const others = [`/api/v1/products/${product}`, '/api/v1/categories', '/api/v1/products?limit=5'].map((url) =>
      get(url).then((res) => {
        finished.push('other');
        return res;
      }),
    );
    const answers = await Promise.all(searches);
    for (const res of answers) {
      // Each one is the whole answer (every product matches: counted up to 1,000, "more than 1000"), or (on a machine
      // too busy to finish it within PG_STATEMENT_TIMEOUT_MS) a clear 503.
      if (res.statusCode === 200) expect(res.json()).toMatchObject({ results: 1000, resultsCapped: true });
      else expect([res.statusCode, res.json(), res.headers['retry-after']]).toEqual([503, unavailable, '5']);
    }
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    expect((await Promise.all(others)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(costlyListGate(t.db).peak).toBe(COSTLY_LISTS.concurrent);
    // The other visitors did not wait behind the searches: all three were answered before the last search.
    expect(finished.lastIndexOf('other')).toBeLessThan(finished.lastIndexOf('search'));
  });

  it('beyond the queue a costly search is refused at once with 503 and Retry-After, never 500; the next ones are served', async () => {
    await refill();
    Object.assign(COSTLY_LISTS, { concurrent: 1, queued: 5 });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => get(`${costly}&limit=${1 + i}`)));
    const refused = answers.filter((r) => r.statusCode === 503);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length + answers.filter((r) => r.statusCode === 200).length).toBe(30);
    for (const res of refused) {
      expect(res.json()).toEqual(unavailable);
      expect(res.headers['retry-after']).toBe('5');
    }
    expect((await get(costly)).statusCode).toBe(200);
  });

  it.runIf(onPostgres)(
    'PostgreSQL: a search the statement timeout cuts off answers 503 with Retry-After, never 500 or a hang; the shop goes on',
    async () => {
      await refill();
      // The shop's own database through connections whose statements may run 1 ms: no search of the whole
      // catalogue fits in that.
      const { name } = (await t.db.one<{ name: string }>('SELECT current_database() AS name'))!;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const hurried = await openPostgres(url.toString(), { statementTimeoutMs: 1 });
      const { ctx } = t.app;
      const db = ctx.db;
      ctx.db = hurried;
      try {
        const res = await get(costly);
        expect([res.statusCode, res.json(), res.headers['retry-after']]).toEqual([503, unavailable, '5']);
      } finally {
        ctx.db = db;
        await hurried.close();
      }
      expect((await get(costly)).statusCode).toBe(200);
    },
  );
});

import { describe, expect, it } from 'vitest';
import { productSearchVector } from '../../server/lib/searchText';
import { createCategory, resetDb, useTestApp } from './helpers';

/**
 * A word that thousands of products hold (README, API notes): the listing counts its matches up to 1,000 and says
 * "more than", and the order stays the relevance order (the word in the title first, then best sellers) on every
 * page, whether the products with the word in the title are the shop's best sellers or its slowest.
 */
const t = useTestApp();

interface Group {
  title: (i: number) => string;
  description: string;
  count: number;
  sold: (i: number) => number;
}

/** Shirts with "قميص" in the title, and trousers whose description suggests a shirt to wear with them. */
const shirts = (count: number, sold: (i: number) => number): Group => ({
  title: (i) => `قميص قطن رقم ${i}`,
  description: 'قطن مصري ناعم',
  count,
  sold,
});
const trousers = (count: number, sold: (i: number) => number): Group => ({
  title: (i) => `بنطلون جينز رقم ${i}`,
  description: 'يناسبه قميص ابيض',
  count,
  sold,
});

async function fill(...groups: Group[]) {
  const category = await createCategory(t, 'ملابس');
  const rows = groups.flatMap((g) =>
    Array.from({ length: g.count }, (_, k) => {
      const title = g.title(k + 1);
      return {
        title,
        vector: productSearchVector(title, g.description),
        description: g.description,
        sold: g.sold(k + 1),
      };
    }),
  );
  await t.db.tx((tx) =>
    tx.query(
      `INSERT INTO products (title, slug, description, quantity, sold, price, image_cover, images, category_id, search_vector)
       SELECT r.title, 'p-' || r.n, r.description, 5, r.sold, 10000 + r.n, 'cover.webp', '{}', $5, r.vector::tsvector
       FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS r(title, description, vector, sold, n)`,
      [
        rows.map((r) => r.title),
        rows.map((r) => r.description),
        rows.map((r) => r.vector),
        rows.map((r) => r.sold),
        category,
      ],
    ),
  );
  return rows;
}

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const titlesOf = (answer: { data: { title: string }[] }) => answer.data.map((p) => p.title);
const bySoldDesc = (rows: { title: string; sold: number }[]) =>
  [...rows].sort((a, b) => b.sold - a.sold).map((r) => r.title);
const shirtWord = encodeURIComponent('قميص');

/** Pages 1 to 4 of 10: the 30 shirts in best-seller order, then the best-selling trousers. */
async function expectShirtsFirst(rows: { title: string; sold: number }[]) {
  const expected = [
    ...bySoldDesc(rows.filter((r) => r.title.startsWith('قميص'))),
    ...bySoldDesc(rows.filter((r) => r.title.startsWith('بنطلون'))).slice(0, 10),
  ];
  const pages = [];
  for (let page = 1; page <= 4; page++) pages.push(await list(`keyword=${shirtWord}&limit=10&page=${page}`));
  expect(pages.flatMap(titlesOf)).toEqual(expected);
  for (const answer of pages) {
    expect(answer).toMatchObject({ results: 1000, resultsCapped: true });
    expect(answer.paginationResult.numberOfPages).toBe(100);
  }
}

describe('a keyword more than 1,000 products match', () => {
  it('is counted as more than 1000; shirts come first when they are the best sellers', async () => {
    const rows = await fill(
      shirts(30, (i) => 5000 + i),
      trousers(1100, (i) => i),
    );
    await expectShirtsFirst(rows);
  });

  it('keeps the title matches first when they sell least and 2,100 others sell more', async () => {
    const rows = await fill(
      shirts(30, (i) => i),
      trousers(2100, (i) => 1000 + i),
    );
    await expectShirtsFirst(rows);
  });

  it('lists every match once, in the same order, on pages past the first 1,000', async () => {
    const rows = await fill(
      shirts(30, (i) => i),
      trousers(2100, (i) => 1000 + i),
    );
    const pages = [];
    for (let page = 1; page <= 22; page++) pages.push(await list(`keyword=${shirtWord}&limit=100&page=${page}`));
    expect(pages.flatMap(titlesOf)).toEqual([
      ...bySoldDesc(rows.filter((r) => r.title.startsWith('قميص'))),
      ...bySoldDesc(rows.filter((r) => r.title.startsWith('بنطلون'))),
    ]);
  });

  it('an asked-for sort still wins, and a filter beside the word is counted exactly', async () => {
    const rows = await fill(
      shirts(30, (i) => i),
      trousers(1100, (i) => 100 + i),
    );
    const cheapest = await list(`keyword=${shirtWord}&limit=3&sort=price`);
    expect(titlesOf(cheapest)).toEqual(rows.slice(0, 3).map((r) => r.title));
    expect(cheapest).toMatchObject({ results: 1000, resultsCapped: true });
    // Prices are 100.01, 100.02 … EGP in insertion order.
    const filtered = await list(`keyword=${shirtWord}&limit=3&price[lte]=100.5`);
    expect(filtered.results).toBe(50);
    expect(filtered).not.toHaveProperty('resultsCapped');
  });

  it('exactly 1,000 matches are counted exactly', async () => {
    await fill(
      shirts(30, (i) => i),
      trousers(970, (i) => 100 + i),
    );
    const answer = await list(`keyword=${shirtWord}&limit=10`);
    expect(answer.results).toBe(1000);
    expect(answer).not.toHaveProperty('resultsCapped');
    expect(answer.paginationResult.numberOfPages).toBe(100);
  });
});

describe('suggestions for a word thousands of products hold', () => {
  it('offer the best-selling titles that start with what is typed, whoever sells more', async () => {
    for (const [shirtSold, trouserSold] of [
      [(i: number) => 5000 + i, (i: number) => i],
      [(i: number) => i, (i: number) => 1000 + i],
    ]) {
      // An empty shop again, in a transaction as the test's set-up should be: deleting 2,130 products with their
      // triggers on a busy machine can take longer than the 3 s a visitor's statement may.
      await resetDb(t.db);
      const rows = await fill(shirts(30, shirtSold), trousers(2100, trouserSold));
      const expected = bySoldDesc(rows.filter((r) => r.title.startsWith('قميص'))).slice(0, 6);
      for (const typed of ['قمي', 'قميص']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/v1/products/suggestions?keyword=${encodeURIComponent(typed)}`,
        });
        expect(res.json().data.products.map((p: { title: string }) => p.title)).toEqual(expected);
      }
    }
  });
});

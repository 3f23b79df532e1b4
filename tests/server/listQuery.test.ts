import { beforeEach, describe, expect, it } from 'vitest';
import { createBrand, createCategory, createProduct, createSubcategory, useTestApp } from './helpers';

let catA: string;
let catB: string;
let brand: string;
let sub: string;
const t = useTestApp();
beforeEach(async () => {
  catA = await createCategory(t);
  catB = await createCategory(t);
  brand = await createBrand(t);
  sub = await createSubcategory(t, catA);
  // Distinct creation times: inserts in the same clock tick would make "newest first" fall back to the id order.
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
  await createProduct(t, { title: 'هاتف سامسونج', description: 'شاشة كبيرة', price: 100, quantity: 1, sold: 5, categoryId: catA, brandId: brand, colors: ['#000000'], subcategoryIds: [sub], createdAt: minutesAgo(3) });
  await createProduct(t, { title: 'لابتوب', description: 'مُعالِج سريع للألعاب', price: 500, priceAfterDiscount: 450, quantity: 2, sold: 50, categoryId: catA, colors: ['#ffffff', '#000000'], createdAt: minutesAgo(2) });
  await createProduct(t, { title: 'ساعة (50%) ذكية', description: 'مقاومة للمياه', price: 250, quantity: 3, sold: 1, categoryId: catB, createdAt: minutesAgo(1) });
});

const list = async (query: string) => {
  const res = await t.app.inject({ url: `/api/v1/products?${query}` });
  return { status: res.statusCode, body: res.json(), titles: (res.json().data ?? []).map((p: { title: string }) => p.title) as string[] };
};

describe('list query features (products)', () => {
  it('defaults: page 1, limit 50, newest first; limit capped at 100; undefined/empty/non-numeric fall back', async () => {
    const def = await list('');
    expect(def.body.paginationResult).toEqual({ currentPage: 1, limit: 50, numberOfPages: 1 });
    expect(def.titles).toEqual(['ساعة (50%) ذكية', 'لابتوب', 'هاتف سامسونج']);
    expect((await list('limit=undefined&page=')).body.paginationResult).toEqual({ currentPage: 1, limit: 50, numberOfPages: 1 });
    expect((await list('limit=1000&page=0')).body.paginationResult.limit).toBe(100);
    expect((await list('page=abc&limit=-3')).body.paginationResult).toMatchObject({ currentPage: 1, limit: 50 });
    const p2 = await list('limit=1&page=2');
    expect(p2.body).toMatchObject({ results: 3, paginationResult: { currentPage: 2, limit: 1, numberOfPages: 3, nextPage: 3, prevPage: 1 } });
    expect((await list('limit=2&page=5')).body.data).toEqual([]);
  });

  it('filters with every operator and in[] forms; list fields mean "contains"', async () => {
    expect((await list('price[gte]=250')).titles.sort()).toEqual(['ساعة (50%) ذكية', 'لابتوب'].sort());
    expect((await list('price[gt]=250')).titles).toEqual(['لابتوب']);
    expect((await list('price[lte]=250')).body.results).toBe(2);
    expect((await list('price[lt]=250')).titles).toEqual(['هاتف سامسونج']);
    expect((await list('price[gt]=100&price[lte]=500')).body.results).toBe(2);
    expect((await list(`category=${catB}`)).titles).toEqual(['ساعة (50%) ذكية']);
    expect((await list(`category[in][]=${catA}&category[in][]=${catB}`)).body.results).toBe(3);
    expect((await list(`category[in]=${catB}`)).body.results).toBe(1);
    expect((await list(`category[in]=${catA},${catB}`)).body.results).toBe(3);
    expect((await list(`brand=${brand}`)).titles).toEqual(['هاتف سامسونج']);
    expect((await list(`brand[in][]=${brand}`)).body.results).toBe(1);
    expect((await list('availableColors=%23000000')).body.results).toBe(2);
    expect((await list('availableColors=%23FFFFFF')).titles).toEqual(['لابتوب']);
    expect((await list(`subcategory=${sub}`)).titles).toEqual(['هاتف سامسونج']);
    expect((await list('priceAfterDiscount[gte]=1')).titles).toEqual(['لابتوب']);
    expect((await list('sold[gte]=5&quantity[lte]=1')).titles).toEqual(['هاتف سامسونج']);
    expect((await list('ratingsAverage=0&ratingsQuantity=0')).body.results).toBe(3);
    expect((await list('createdAt[gte]=2000-01-01')).body.results).toBe(3);
  });

  it('ignores unknown filters and empty values; wrong types → 400 with location query', async () => {
    expect((await list('unknown=1&title=x&password=1&&price=&category=')).body.results).toBe(3);
    for (const [q, path, msg] of [['price[gt]=abc', 'price', 'Invalid value for price'], ['category=abc', 'category', 'Invalid ID formate'], ['createdAt[gte]=notadate', 'createdAt', 'Invalid value for createdAt'], ['price[in][]=x', 'price', 'Invalid value for price']]) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ location: 'query', path, msg });
    }
    expect((await list('price[regex]=.*')).body.results).toBe(3);
  });

  it('sorts ascending with "+", a leading space (+ decoded) or a bare name, descending with "-", multiple keys', async () => {
    const asc = ['هاتف سامسونج', 'ساعة (50%) ذكية', 'لابتوب'];
    expect((await list('sort=+price')).titles).toEqual(asc);
    expect((await list('sort=%2Bprice')).titles).toEqual(asc);
    expect((await list('sort=price')).titles).toEqual(asc);
    expect((await list('sort=-price')).titles).toEqual([...asc].reverse());
    expect((await list('sort=-sold')).titles[0]).toBe('لابتوب');
    expect((await list('sort=nonsense,-quantity')).titles).toEqual(['ساعة (50%) ذكية', 'لابتوب', 'هاتف سامسونج']);
    expect((await list('sort=')).titles[0]).toBe('ساعة (50%) ذكية');
  });

  it('projects fields or excludes them; _id always included', async () => {
    const inc = await list('fields=title,price');
    expect(Object.keys(inc.body.data[0]).sort()).toEqual(['_id', 'price', 'title']);
    const exc = await list('fields=-description,-images');
    expect(exc.body.data[0]).not.toHaveProperty('description');
    expect(exc.body.data[0]).toHaveProperty('title');
  });

  it('keyword: title or description, case-insensitive, Arabic folding, literal', async () => {
    expect((await list(`keyword=${encodeURIComponent('معالج')}`)).titles).toEqual(['لابتوب']); // diacritics in the stored text
    expect((await list(`keyword=${encodeURIComponent('شاشه')}`)).titles).toEqual(['هاتف سامسونج']); // ة/ه
    expect((await list(`keyword=${encodeURIComponent('ساعه')}`)).titles).toEqual(['ساعة (50%) ذكية']);
    expect((await list(`keyword=${encodeURIComponent('(50%)')}`)).body.results).toBe(1);
    expect((await list('keyword=%25')).body.results).toBe(1);
    expect((await list(`keyword=${encodeURIComponent('.*')}`)).body.results).toBe(0);
    expect((await list('keyword=')).body.results).toBe(3);
    expect((await list(`keyword=${encodeURIComponent('سامسونج')}&price[gt]=100`)).body.results).toBe(0);
  });
});

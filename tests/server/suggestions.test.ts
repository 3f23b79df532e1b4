import { describe, expect, it } from 'vitest';
import { createBrand, createCategory, createProduct, createUser, useTestApp } from './helpers';

const t = useTestApp();
const suggest = (keyword?: string | string[], headers?: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/products/suggestions',
    query: keyword === undefined ? {} : { keyword },
    headers,
  });
const titles = (res: Awaited<ReturnType<typeof suggest>>) =>
  res.json().data.products.map((p: { title: string }) => p.title);

describe('GET /products/suggestions (ours)', () => {
  it('answers a visitor with products (price as paid), categories and brands, folding Arabic letters both ways', async () => {
    const categoryId = await createCategory(t, 'أسعار الموسم');
    const brandId = await createBrand(t, 'آسيا');
    const product = await createProduct(t, {
      title: 'أسعار خاصة على الساعات',
      price: 200,
      priceAfterDiscount: 150,
      categoryId,
      brandId,
    });
    await createProduct(t, { title: 'قميص قطن' });

    const res = await suggest('اسعار');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        products: [
          {
            _id: product,
            title: 'أسعار خاصة على الساعات',
            imageCover: 'http://shop.test/products/cover.webp',
            price: 200,
            priceAfterDiscount: 150,
          },
        ],
        categories: [{ _id: categoryId, name: 'أسعار الموسم' }],
        brands: [],
      },
    });
    // ة → ه, ى → ي, diacritics and tatweel ignored, in the keyword and in the stored text.
    expect(titles(await suggest('الساعات'))).toEqual(['أسعار خاصة على الساعات']);
    expect(titles(await suggest('عَلـى'))).toEqual(['أسعار خاصة على الساعات']);
    expect((await suggest('اسيا')).json().data.brands).toEqual([{ _id: brandId, name: 'آسيا' }]);
    const noDiscount = (await suggest('قميص')).json().data.products[0];
    expect(noDiscount).not.toHaveProperty('priceAfterDiscount');
    expect(noDiscount.price).toBe(100);
  });

  it('offers at most 6 products, titles with the word before those whose category has it, and at most 4 categories and brands', async () => {
    const categoryId = await createCategory(t, 'ساعات');
    for (let i = 1; i <= 5; i++) await createProduct(t, { title: `حزام جلد ${i}`, description: 'ساعة', categoryId });
    for (let i = 1; i <= 5; i++) await createProduct(t, { title: `ساعة يد ${i}`, categoryId });
    for (let i = 1; i <= 5; i++) await createBrand(t, `ساعاتي ${i}`);
    for (let i = 1; i <= 5; i++) await createCategory(t, `قسم ساعات ${i}`);

    const data = (await suggest('ساع')).json().data;
    expect(data.products).toHaveLength(6);
    expect(
      data.products
        .slice(0, 5)
        .map((p: { title: string }) => p.title)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5].map((i) => `ساعة يد ${i}`));
    expect(data.products[5].title).toMatch(/^حزام جلد/);
    expect(data.brands).toHaveLength(4);
    expect(data.categories).toHaveLength(4);
    expect(data.categories[0]).toEqual({ _id: categoryId, name: 'ساعات' });
  });

  it('matches two letters at the start of a title word, never inside a word or in descriptions', async () => {
    await createProduct(t, { title: 'هاتف سامسونج', description: 'وصف' });
    await createProduct(t, { title: 'سماعة رأس', description: 'وصف' });
    await createProduct(t, { title: 'كتاب', description: 'نسخة أصلية' });
    expect(titles(await suggest('سا'))).toEqual(['هاتف سامسونج']);
    expect(titles(await suggest('سم'))).toEqual(['سماعة رأس']);
    expect(titles(await suggest('اع'))).toEqual([]); // inside "سماعة"
    expect(titles(await suggest('نس'))).toEqual([]); // "نسخة" is only in a description
  });

  it('answers empty lists for a missing or shorter than 2 letter keyword (after folding and trimming)', async () => {
    await createProduct(t, { title: 'ا ب' });
    await createCategory(t, 'ا');
    for (const keyword of [undefined, '', ' ', 'ا', ' أ ', 'ـًا']) {
      const res = await suggest(keyword);
      expect(res.statusCode, String(keyword)).toBe(200);
      expect(res.json(), String(keyword)).toEqual({ data: { products: [], categories: [], brands: [] } });
    }
  });

  it('reads words only (punctuation and LIKE characters are not words) and validates the keyword (400 in the query shape, never 500)', async () => {
    await createProduct(t, { title: 'خصم 50% اليوم' });
    await createProduct(t, { title: 'خصم 500 جنيه' });
    await createProduct(t, { title: 'عرض 150' });
    expect(titles(await suggest('50%')).sort()).toEqual(['خصم 50% اليوم', 'خصم 500 جنيه']); // words starting with 50
    expect(titles(await suggest('%_'))).toEqual([]);
    expect(titles(await suggest('!!'))).toEqual([]);
    for (const url of [
      '/api/v1/products/suggestions?keyword[]=ab&keyword[]=cd',
      '/api/v1/products/suggestions?keyword[a]=b',
      `/api/v1/products/suggestions?keyword=${'ب'.repeat(101)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ location: 'query', path: 'keyword' });
    }
    expect((await suggest('ب'.repeat(100))).statusCode).toBe(200);
  });

  it('is the same for every role (a token is not needed and changes nothing)', async () => {
    await createProduct(t, { title: 'مصباح مكتب' });
    const visitor = (await suggest('مصباح')).json();
    for (const role of ['user', 'manager', 'admin'] as const) {
      const { auth } = await createUser(t, { role });
      expect((await suggest('مصباح', auth)).json(), role).toEqual(visitor);
    }
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createUser, onPostgres, useTestApp, type TestUser } from './helpers';

// Variants (README, API notes "Variants"): a product's options, its variants' own stock, prices and SKUs, and the
// product's derived quantity, price, priceRange and availableColors.
let manager: TestUser;
let customer: TestUser;
let category: string;
const t = useTestApp();
beforeEach(async () => {
  manager = await createUser(t, { role: 'manager' });
  customer = await createUser(t);
  category = await createCategory(t);
});

const api = '/api/v1/products';
const SIZE = { name: 'المقاس', values: [{ value: 'M' }, { value: 'L' }, { value: 'XL' }] };
const COLOUR = {
  name: 'اللون',
  values: [
    { value: 'أزرق', hex: '#1E56E0' },
    { value: 'أسود', hex: '#000000' },
  ],
};
/** The demo shirt: three sizes by two colours, with XL in black left out; XL/blue dearer, M/black discounted. */
const shirt = (extra: object = {}) => ({
  title: 'قميص قطن رجالي كلاسيك',
  description: 'قميص قطن',
  price: 300,
  category,
  imageCover: 'https://cdn.example.com/shirt.jpg',
  images: ['https://cdn.example.com/shirt-blue.jpg'],
  options: [SIZE, COLOUR],
  variants: [
    { options: ['M', 'أزرق'], quantity: 3 },
    { options: ['M', 'أسود'], quantity: 0, priceAfterDiscount: 250 },
    { options: ['L', 'أزرق'], quantity: 5, sku: 'qm-l-b' },
    { options: ['L', 'أسود'], quantity: 2 },
    { options: ['XL', 'أزرق'], quantity: 4, price: 350, image: 'https://cdn.example.com/shirt-blue.jpg' },
  ],
  ...extra,
});
const post = (payload: object, user = manager) =>
  t.app.inject({ method: 'POST', url: api, headers: user.auth, payload });
const put = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `${api}/${id}`, headers: manager.auth, payload });
const patchVariant = (id: string, variantId: string, payload: object, user = manager) =>
  t.app.inject({ method: 'PATCH', url: `${api}/${id}/variants/${variantId}`, headers: user.auth, payload });
const read = async (id: string) => (await t.app.inject({ url: `${api}/${id}` })).json().data;
const counts = async () =>
  (await t.db.one<{ products: number; variants: number }>(
    'SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM product_variants)::int AS variants',
  ))!;
type Answered = { _id: string; options: string[]; quantity: number; price: number; priceAfterDiscount?: number };
const byValues = (variants: Answered[], ...values: string[]) =>
  variants.find((v) => v.options.join() === values.join())!;

describe('a product with options', () => {
  it('answers its options, its variants with their own or the product’s prices, and the derived fields', async () => {
    const res = await post(shirt());
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p.options).toEqual([SIZE, { ...COLOUR, values: [{ value: 'أزرق', hex: '#1e56e0' }, COLOUR.values[1]] }]);
    expect(p.variants.map((v: Answered) => [v.options.join('/'), v.quantity, v.price, v.priceAfterDiscount])).toEqual([
      ['M/أزرق', 3, 300, undefined],
      ['M/أسود', 0, 300, 250],
      ['L/أزرق', 5, 300, undefined],
      ['L/أسود', 2, 300, undefined],
      ['XL/أزرق', 4, 350, undefined],
    ]);
    expect(byValues(p.variants, 'L', 'أزرق')).toMatchObject({ sku: 'QM-L-B' });
    expect(byValues(p.variants, 'XL', 'أزرق')).toMatchObject({ image: 'https://cdn.example.com/shirt-blue.jpg' });
    // 3 + 0 + 5 + 2 + 4; the lowest price paid is M/black's 250, the highest XL/blue's 350.
    expect(p.quantity).toBe(14);
    expect(p.price).toBe(300);
    expect(p.priceAfterDiscount).toBe(250);
    expect(p.priceRange).toEqual({ min: 250, max: 350 });
    expect(p.availableColors).toEqual(['#1e56e0', '#000000']);
    expect(await read(p._id)).toMatchObject({ quantity: 14, priceRange: { min: 250, max: 350 } });
    // The listing sorts and filters by the lowest price paid.
    const cheap = await t.app.inject({ url: `${api}?price[lte]=260` });
    expect(cheap.json().data.map((x: { _id: string }) => x._id)).toEqual([p._id]);
  });

  it('without a quantity of its own: the product’s is the sum of its variants', async () => {
    const res = await post(shirt({ quantity: undefined }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.quantity).toBe(14);
  });

  it('refuses combinations that are not the product’s values, repeated ones and a missing list, storing nothing', async () => {
    const before = await counts();
    const cases: [object, string, string][] = [
      [
        { variants: [{ options: ['S', 'أزرق'], quantity: 1 }] },
        'variants[0].options',
        "Variant values must be one of each option's values, in the options' order: S / أزرق",
      ],
      [
        { variants: [{ options: ['M'], quantity: 1 }] },
        'variants[0].options',
        "Variant values must be one of each option's values, in the options' order: M",
      ],
      [
        {
          variants: [
            { options: ['M', 'أزرق'], quantity: 1 },
            { options: ['M', 'أزرق'], quantity: 2 },
          ],
        },
        'variants[1].options',
        'Two variants have the same values: M / أزرق',
      ],
      [{ variants: undefined }, 'variants', 'A product with options needs its variants'],
      [
        { variants: [{ options: ['M', 'أزرق'], quantity: -1 }] },
        'variants[0].quantity',
        'Variant quantity must be a non-negative integer',
      ],
      [
        { variants: [{ options: ['M', 'أزرق'], quantity: 1, price: 0 }] },
        'variants[0].price',
        'Variant price must be greater than 0',
      ],
      [
        { variants: [{ options: ['M', 'أزرق'], quantity: 1, price: 200, priceAfterDiscount: 200 }] },
        'variants[0].priceAfterDiscount',
        'Variant priceAfterDiscount must be lower than its price',
      ],
      [
        { variants: [{ options: ['M', 'أزرق'], quantity: 1, image: 'https://elsewhere.example.com/x.jpg' }] },
        'variants[0].image',
        "Variant image must be one of the product's images",
      ],
      [
        {
          options: [
            SIZE,
            COLOUR,
            { name: 'الطول', values: [{ value: '1' }] },
            { name: 'القماش', values: [{ value: 'قطن' }] },
          ],
        },
        'options',
        'A product has at most 3 options',
      ],
      [{ options: [SIZE, { ...SIZE }] }, 'options[1].name', 'Two options have the same name: المقاس'],
      [
        { options: [{ name: 'اللون', values: [{ value: 'أحمر', hex: 'red' }] }] },
        'options[0].values[0].hex',
        'Invalid color: red',
      ],
      [{ options: [{ name: 'المقاس', values: [] }] }, 'options[0].values', 'Option المقاس needs at least one value'],
    ];
    for (const [extra, path, msg] of cases) {
      const res = await post(shirt(extra));
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path, msg });
    }
    expect(await counts()).toEqual(before);
  });

  it('keeps SKUs unique across products and variants', async () => {
    const other = await post({ ...shirt({ options: undefined, variants: undefined }), quantity: 1, sku: 'TAKEN-1' });
    expect(other.statusCode).toBe(201);
    const clash = await post(shirt({ variants: [{ options: ['M', 'أزرق'], quantity: 1, sku: 'taken-1' }] }));
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors[0]).toMatchObject({
      path: 'variants[0].sku',
      msg: 'Another product has this sku: TAKEN-1',
    });
    const twice = await post(
      shirt({
        variants: [
          { options: ['M', 'أزرق'], quantity: 1, sku: 'A-1' },
          { options: ['L', 'أزرق'], quantity: 1, sku: 'a-1' },
        ],
      }),
    );
    expect(twice.json().errors[0]).toMatchObject({
      path: 'variants[1].sku',
      msg: 'Two variants have the same sku: A-1',
    });
    expect((await post(shirt())).statusCode).toBe(201);
    const product = await post({ ...shirt({ options: undefined, variants: undefined }), quantity: 1, sku: 'QM-L-B' });
    expect(product.statusCode).toBe(400);
    expect(product.json().errors[0]).toMatchObject({ path: 'sku', msg: 'Another product has this sku: QM-L-B' });
  });

  it('on an update keeps the variants sent by id, adds new ones and archives the others, which carts may still name', async () => {
    const p = (await post(shirt())).json().data;
    const m = byValues(p.variants, 'M', 'أزرق');
    const res = await put(p._id, {
      options: [{ ...SIZE, values: [...SIZE.values, { value: 'XXL' }] }, COLOUR],
      variants: [
        { _id: m._id, options: ['M', 'أزرق'], quantity: 7 },
        { options: ['XXL', 'أسود'], quantity: 1, price: 400 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    expect(after.variants.map((v: Answered) => [v.options.join('/'), v.quantity, v.price])).toEqual([
      ['M/أزرق', 7, 300],
      ['XXL/أسود', 1, 400],
    ]);
    expect(byValues(after.variants, 'M', 'أزرق')._id).toBe(m._id);
    expect(after.quantity).toBe(8);
    const archived = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM product_variants WHERE product_id = $1 AND archived_at IS NOT NULL',
      [p._id],
    );
    // The four left out, and the implicit variant the product was created with.
    expect(archived[0]!.n).toBe(5);
    // A variant of another product is not this one's.
    const stranger = (
      await post(shirt({ title: 'قميص آخر', variants: [{ options: ['M', 'أزرق'], quantity: 1 }] }))
    ).json().data;
    const wrong = await put(p._id, {
      variants: [{ _id: stranger.variants[0]._id, options: ['M', 'أزرق'], quantity: 1 }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].msg).toBe(`No variant of this product for this id: ${stranger.variants[0]._id}`);
  });

  it('left without options, gets its one implicit variant back with the quantity sent', async () => {
    const p = (await post(shirt())).json().data;
    const res = await put(p._id, { options: [], quantity: 6 });
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    expect(after.options).toEqual([]);
    expect(after.variants).toEqual([expect.objectContaining({ options: [], quantity: 6, price: 300 })]);
    expect(after.quantity).toBe(6);
    expect(after).not.toHaveProperty('priceRange');
  });
});

describe('PATCH /products/:id/variants/:variantId', () => {
  it('changes one variant’s stock and price; the product’s sum and range follow', async () => {
    const p = (await post(shirt())).json().data;
    const l = byValues(p.variants, 'L', 'أسود');
    const res = await patchVariant(p._id, l._id, { quantity: 12, price: 199 });
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    expect(byValues(after.variants, 'L', 'أسود')).toMatchObject({ quantity: 12, price: 199 });
    // 3 + 0 + 5 + 12 + 4; the lowest price paid is now L/black's 199.
    expect(after.quantity).toBe(24);
    expect(after.priceRange).toEqual({ min: 199, max: 350 });
    expect(byValues(after.variants, 'L', 'أزرق')).toMatchObject({ quantity: 5, sku: 'QM-L-B' });
  });

  it('answers the field’s own message, 404 for another product’s variant and 403 for a customer', async () => {
    const p = (await post(shirt())).json().data;
    const v = p.variants[0];
    const bad = await patchVariant(p._id, v._id, { quantity: -2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      path: 'quantity',
      msg: 'Variant quantity must be a non-negative integer',
    });
    const taken = await patchVariant(p._id, v._id, { sku: 'qm-l-b' });
    expect(taken.json().errors[0]).toMatchObject({ path: 'sku', msg: 'Two variants have the same sku: QM-L-B' });
    const other = await createProduct(t, { categoryId: category });
    const missing = await patchVariant(other, v._id, { quantity: 1 });
    expect(missing.statusCode).toBe(404);
    expect((await patchVariant(p._id, v._id, { quantity: 1 }, customer)).statusCode).toBe(403);
    expect(byValues((await read(p._id)).variants, 'M', 'أزرق').quantity).toBe(3);
  });

  it('changes the stock of a product without options through its implicit variant', async () => {
    const id = await createProduct(t, { categoryId: category, quantity: 4 });
    const [implicit] = (await read(id)).variants;
    expect(implicit).toMatchObject({ options: [], quantity: 4 });
    const res = await patchVariant(id, implicit._id, { quantity: 9 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ quantity: 9, variants: [{ _id: implicit._id, quantity: 9 }] });
    const price = await patchVariant(id, implicit._id, { price: 20 });
    expect(price.statusCode).toBe(400);
    expect(price.json().message).toBe('A product without options has its price, discount, SKU and image as a product');
  });
});

describe('a product without options', () => {
  it('has one implicit variant that follows its stock, written as before', async () => {
    const id = await createProduct(t, { categoryId: category, quantity: 10, sold: 2 });
    await t.db.query('UPDATE products SET quantity = quantity - 3, sold = sold + 3 WHERE id = $1', [id]);
    const rows = await t.db.query('SELECT option_values, quantity, sold FROM product_variants WHERE product_id = $1', [
      id,
    ]);
    expect(rows).toEqual([{ option_values: [], quantity: 7, sold: 5 }]);
    const p = await read(id);
    expect(p).toMatchObject({ quantity: 7, sold: 5, options: [], availableColors: [] });
    expect(p).not.toHaveProperty('priceRange');
  });
});

describe('the listing by option value', () => {
  /** The shirt (sizes M, L, XL; XL only in blue), a phone of 128 and 256 GB with 256 sold out, and a mug. */
  async function catalogue() {
    const shirtId = (await post(shirt())).json().data._id as string;
    const CAPACITY = { name: 'السعة', values: [{ value: '128 جيجا' }, { value: '256 جيجا' }] };
    const phone = await post({
      ...shirt({ title: 'هاتف سامسونج', options: [CAPACITY] }),
      variants: [
        { options: ['128 جيجا'], quantity: 2, price: 9000 },
        { options: ['256 جيجا'], quantity: 0, price: 11000 },
      ],
    });
    const phoneId = phone.json().data._id as string;
    const mug = await createProduct(t, { categoryId: category, title: 'كوب قهوة' });
    return { shirtId, phoneId, mug };
  }
  const ids = async (query: string) =>
    ((await t.app.inject({ url: `${api}?${query}` })).json().data as { _id: string }[]).map((p) => p._id).sort();

  it('matches one in-stock variant: values of one option OR, of different options AND', async () => {
    const { shirtId, phoneId } = await catalogue();
    const q = (options: string) => ids(`options=${encodeURIComponent(options)}`);
    expect(await q('المقاس:XL')).toEqual([shirtId]);
    expect(await q('المقاس:XL,اللون:أزرق')).toEqual([shirtId]);
    // XL is only blue; M in black is sold out (quantity 0), so neither is found in black.
    expect(await q('المقاس:XL,اللون:أسود')).toEqual([]);
    expect(await q('المقاس:M,اللون:أسود')).toEqual([]);
    expect(await q('المقاس:M,المقاس:L,اللون:أسود')).toEqual([shirtId]);
    expect(await q('السعة:256 جيجا')).toEqual([]);
    expect(await q('السعة:128 جيجا')).toEqual([phoneId]);
    expect(await q('السعة:128 جيجا,المقاس:M')).toEqual([]);
    expect(await ids(`options=${encodeURIComponent('المقاس:L')}&category=${category}&price[lte]=300`)).toEqual([
      shirtId,
    ]);
  });

  it('GET /products/optionValues names the values in stock among the products the other filters match', async () => {
    await catalogue();
    const res = await t.app.inject({ url: `${api}/optionValues?category=${category}` });
    expect(res.statusCode).toBe(200);
    // Names by their place among the products' options (then by name), values in the options' order.
    expect(res.json().data).toEqual([
      {
        name: 'السعة',
        values: [{ value: '128 جيجا', products: 1 }],
      },
      {
        name: 'المقاس',
        values: [
          { value: 'M', products: 1 },
          { value: 'L', products: 1 },
          { value: 'XL', products: 1 },
        ],
      },
      {
        name: 'اللون',
        values: [
          { value: 'أزرق', hex: '#1e56e0', products: 1 },
          { value: 'أسود', hex: '#000000', products: 1 },
        ],
      },
    ]);
    const phones = await t.app.inject({ url: `${api}/optionValues?keyword=${encodeURIComponent('هاتف')}` });
    expect(phones.json().data).toEqual([{ name: 'السعة', values: [{ value: '128 جيجا', products: 1 }] }]);
  });

  it.runIf(onPostgres)('finds the variants through the option index on PostgreSQL', async () => {
    const { mug } = await catalogue();
    // A catalogue's worth of other variants (of one product here: the plan is the variants' table's).
    await t.db.query(
      `INSERT INTO product_variants (product_id, position, option_values, option_terms, quantity)
       SELECT $1, i, ARRAY['طول ' || i], ARRAY['الطول=' || i], 1 FROM generate_series(1, 5000) AS i`,
      [mug],
    );
    await t.db.query('ANALYZE product_variants');
    const plan = await t.db.tx(async (tx) => {
      return tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT p.id FROM products p WHERE EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id
           AND v.archived_at IS NULL AND v.quantity > 0 AND v.option_terms && $1::text[])`,
        [['المقاس=XL']],
      );
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('product_variants_terms_idx');
  });
});

describe('the catalogue sheet and a product with options', () => {
  const sheet = async () =>
    (await t.app.inject({ url: `${api}/export.csv`, headers: manager.auth })).body.replace(/^\uFEFF/, '');
  const apply = (csv: string) =>
    t.app.inject({ method: 'POST', url: `${api}/import/apply`, headers: manager.auth, payload: { csv } });

  it('applies its own export unchanged, and refuses its quantity (a sum of its variants) in Arabic', async () => {
    const p = (await post(shirt())).json().data;
    const exported = await sheet();
    const same = await apply(exported);
    expect(same.statusCode).toBe(200);
    expect(same.json().data.counts).toMatchObject({ update: 0, refused: 0 });
    const [heading, row] = exported.trim().split(/\r?\n/);
    const columns = heading!.split(',');
    const cells = row!.split(',');
    cells[columns.indexOf('quantity')] = '99';
    const res = await apply(`${heading}\n${cells.join(',')}\n`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('كمية منتج له خيارات (مقاس، لون…) تُعدّل لكل نوع منه في صفحة المنتج');
    expect((await read(p._id)).quantity).toBe(14);
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createBrand,
  createCategory,
  createProduct,
  createSubcategory,
  createUser,
  multipart,
  pngImage,
  useTestApp,
  type TestUser,
} from './helpers';

// The catalogue sheet (README, API notes; issue 31): export as CSV, import previewed, then applied all or nothing.
const t = useTestApp();
let owner: TestUser;
let clothes: string;
let shirts: string;
let nike: string;

const HEADING = 'sku,id,title,description,price,priceAfterDiscount,quantity,category,subcategories,brand,colors,images';

beforeEach(async () => {
  owner = await createUser(t, { role: 'admin' });
  clothes = await createCategory(t, 'ملابس');
  shirts = await createSubcategory(t, clothes, 'قمصان');
  nike = await createBrand(t, 'نايك');
});

/** The sheet sent as a file (multipart), as the admin screen sends it. */
const send = (path: 'preview' | 'apply', sheet: string | Buffer, fields: Record<string, string> = {}) => {
  const form = multipart(fields, { file: typeof sheet === 'string' ? Buffer.from(sheet, 'utf8') : sheet });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/products/import/${path}`,
    headers: { ...owner.auth, ...form.headers },
    payload: form.payload,
  });
};
const exportCsv = (query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/products/export.csv${query}`, headers: owner.auth });

/** A ZIP archive as phones and Windows make them: deflated entries with UTF-8 names, some in a folder. */
function zipOf(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const packed = zlib.deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(zlib.crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(zlib.crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The sheet and a ZIP of images, sent together. */
const sendWithImages = (path: 'preview' | 'apply', sheet: string, zip: Buffer) => {
  const form = multipart({}, { file: Buffer.from(sheet, 'utf8'), images: zip });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/products/import/${path}`,
    headers: { ...owner.auth, ...form.headers },
    payload: form.payload,
  });
};
const storedImages = async () => (await fs.readdir(path.join(t.dataDir, 'uploads', 'products')).catch(() => [])).sort();

/** Everything stored about the catalogue, to prove a write changed nothing. */
const catalogue = async () => ({
  products: await t.db.query('SELECT * FROM products ORDER BY id'),
  categories: await t.db.query('SELECT * FROM categories ORDER BY id'),
  subcategories: await t.db.query('SELECT * FROM subcategories ORDER BY id'),
  brands: await t.db.query('SELECT * FROM brands ORDER BY id'),
});
const bySku = (sku: string) => t.db.one('SELECT * FROM products WHERE sku = $1', [sku]);

describe('catalogue export', () => {
  it('is CSV with a BOM, the sheet columns, names for ids and Arabic text as stored', async () => {
    const id = await createProduct(t, {
      title: 'قميص قطن',
      description: 'قميص رجالي، مريح\nبأكمام "طويلة", وأزرار',
      price: 1250.5,
      priceAfterDiscount: 999,
      quantity: 12,
      colors: ['#000000', '#1e56e0'],
      categoryId: clothes,
      subcategoryIds: [shirts],
      brandId: nike,
      sold: 3,
    });
    await t.db.query(`UPDATE products SET sku = 'QM-1', images = '{g1.webp,g2.webp}' WHERE id = $1`, [id]);
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toBe(
      `\uFEFF${HEADING},sold,ratingsAverage\r\n` +
        `QM-1,${id},قميص قطن,"قميص رجالي، مريح\nبأكمام ""طويلة"", وأزرار",1250.5,999,12,ملابس,قمصان,نايك,#000000 | #1e56e0,cover.webp | g1.webp | g2.webp,3,0\r\n`,
    );
  });

  it("writes only the products the admin list's filters pick, in its order", async () => {
    const shoes = await createCategory(t, 'أحذية');
    await createProduct(t, { title: 'حذاء رياضي', categoryId: shoes, price: 300 });
    await createProduct(t, { title: 'قميص أبيض', categoryId: clothes, price: 200 });
    await createProduct(t, { title: 'قميص أسود', categoryId: clothes, price: 100 });
    const res = await exportCsv(`?category=${clothes}&sort=%2Bprice&page=3&limit=1`);
    expect(res.statusCode).toBe(200);
    const titles = res.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[2]);
    expect(titles).toEqual(['قميص أسود', 'قميص أبيض']);
  });

  it('writes every product of a catalogue larger than one page', async () => {
    const values = Array.from({ length: 1203 }, (_, i) => i);
    await t.db.query(
      `INSERT INTO products (title, slug, description, quantity, price, image_cover, category_id, search_vector)
       SELECT 'منتج ' || n, 'p-' || n, 'وصف', n, 100 + n, 'c.webp', $1, '' FROM unnest($2::int[]) AS n`,
      [clothes, values],
    );
    const res = await exportCsv();
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(1204);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[1])).size).toBe(1203);
  });

  it('refuses a customer', async () => {
    const customer = await createUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products/export.csv', headers: customer.auth });
    expect(res.statusCode).toBe(403);
  });
});

describe('catalogue import preview', () => {
  it('names exactly the bad rows, with their line, column and Arabic reason, and writes nothing', async () => {
    const kept = await createProduct(t, { title: 'قميص قديم', categoryId: clothes, price: 100 });
    await t.db.query(`UPDATE products SET sku = 'OLD-1' WHERE id = $1`, [kept]);
    const byId = await createProduct(t, { title: 'بنطلون قديم', categoryId: clothes, price: 80 });
    const sheet = [
      HEADING,
      // 2: a new product; its description holds a comma, quotes and a line break; Arabic-Indic digits with separators.
      'qm-١,,قميص قطن,"قميص رجالي، مريح\nبأكمام ""طويلة"", وأزرار",١٬٢٥٠٫٥٠,,١٢,ملابس,قمصان,نايك,أسود | #1E56E0,https://cdn.example.com/a.jpg',
      // 3: a price that is no number.
      'QM-2,,بنطلون جينز,"وصف, بفاصلة",مئة,,3,ملابس,,,,https://cdn.example.com/b.jpg',
      // 4: a category the shop lacks.
      'QM-3,,حذاء رياضي,وصف,200,,٥,أحذية,,,,https://cdn.example.com/c.jpg',
      // 5: a quantity with a fraction.
      'QM-4,,جاكيت شتوي,وصف,"1,500",,2.5,ملابس,,,,https://cdn.example.com/d.jpg',
      // 6: an update by id (a new price); 7: an update by SKU, written in lower case.
      `,${byId},بنطلون قديم,وصف المنتج التجريبي,90,,10,ملابس,,,,`,
      'old-1,,قميص قديم,وصف المنتج التجريبي,100,,10,ملابس,,,,',
      // 8: a new product without an image.
      'QM-6,,شنطة يد,وصف,300,,1,ملابس,,,,',
      '',
    ].join('\r\n');
    const before = await catalogue();
    const res = await send('preview', sheet);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.refused.map((r: { line: number; column: string }) => [r.line, r.column])).toEqual([
      [3, 'price'],
      [4, 'category'],
      [5, 'quantity'],
      [8, 'images'],
    ]);
    expect(data.refused[0].message).toBe('السطر 3: السعر ليس رقماً');
    expect(data.counts).toEqual({ rows: 7, create: 1, update: 1, unchanged: 1, refused: 4 });
    expect(data.create).toEqual([{ line: 2, sku: 'QM-1', title: 'قميص قطن' }]);
    expect(data.update).toEqual([{ line: 6, id: byId, title: 'بنطلون قديم', changes: ['price'] }]);
    expect(await catalogue()).toEqual(before);
  });

  it('creates missing names only when asked: refused without createMissing, listed with it', async () => {
    const sheet = `${HEADING}\nN-1,,حذاء جري,وصف,200,,5,أحذية,رياضية,أديداس,,https://cdn.example.com/c.jpg\n`;
    const refused = (await send('preview', sheet)).json().data;
    expect(refused.refused.map((r: { column: string }) => r.column)).toEqual(['category', 'brand']);
    const allowed = (await send('preview', sheet, { createMissing: 'true' })).json().data;
    expect(allowed.refused).toEqual([]);
    expect(allowed.newNames).toEqual({ categories: ['أحذية'], subcategories: ['رياضية'], brands: ['أديداس'] });
  });

  it('refuses a file that is not CSV text with an Arabic message, and a request without a file', async () => {
    const broken = await send('preview', `${HEADING}\nA,,"قميص,وصف,1,,1,ملابس,,,,\n`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^الملف ليس CSV صالحاً/);
    // Arabic saved as Windows-1256 (Excel's plain "CSV" on an Arabic Windows): not UTF-8.
    const ansi = await send('preview', Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xe3, 0xe4, 0xca, 0xcc]));
    expect(ansi.statusCode).toBe(400);
    expect(ansi.json().message).toMatch(/UTF-8/);
    const form = multipart({ createMissing: 'true' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/import/preview',
      headers: { ...owner.auth, ...form.headers },
      payload: form.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ path: 'file', location: 'body', msg: 'أرفق ملف CSV للمنتجات' });
  });
});

describe('catalogue import apply', () => {
  it('creates and updates the products of the sheet, names created when asked', async () => {
    const existing = await createProduct(t, { title: 'قميص قديم', categoryId: clothes, price: 100, quantity: 1 });
    const sheet = [
      HEADING,
      'qm-١,,قميص قطن,"قميص رجالي، مريح\nبأكمام ""طويلة"", وأزرار",١٬٢٥٠٫٥٠,٩٩٩,١٢,ملابس,قمصان,نايك,أسود | #1E56E0,https://cdn.example.com/a.jpg | https://cdn.example.com/a2.jpg',
      `NEW-SKU,${existing},قميص قديم,وصف جديد,150,,7,أحذية,رياضية,,,`,
    ].join('\n');
    const res = await send('apply', sheet, { createMissing: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.counts).toEqual({ rows: 2, create: 1, update: 1, unchanged: 0, refused: 0 });

    const created = await bySku('QM-1');
    expect(created).toMatchObject({
      title: 'قميص قطن',
      description: 'قميص رجالي، مريح\nبأكمام "طويلة", وأزرار',
      price: 125050,
      price_after_discount: 99900,
      quantity: 12,
      category_id: clothes,
      subcategory_ids: [shirts],
      brand_id: nike,
      available_colors: ['#000000', '#1e56e0'],
      image_cover: 'https://cdn.example.com/a.jpg',
      images: ['https://cdn.example.com/a2.jpg'],
    });
    const shoes = await t.db.one<{ id: string }>(`SELECT id FROM categories WHERE name = 'أحذية'`);
    const sport = await t.db.one<{ id: string }>(`SELECT id FROM subcategories WHERE name = 'رياضية'`);
    expect(await t.db.one('SELECT * FROM products WHERE id = $1', [existing])).toMatchObject({
      sku: 'NEW-SKU',
      description: 'وصف جديد',
      price: 15000,
      quantity: 7,
      category_id: shoes!.id,
      subcategory_ids: [sport!.id],
      image_cover: 'cover.webp',
    });
    // The listing finds the new product by its words.
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/products?keyword=قطن' });
    expect(list.json().data.map((p: { sku?: string }) => p.sku)).toEqual(['QM-1']);
  });

  it('round trip: an unchanged export applied again changes nothing', async () => {
    const brandless = await createProduct(t, {
      title: 'قميص "مخطط", صيفي',
      description: '-خصم خاص\r\nسطر ثان، بفاصلة',
      price: 199.99,
      priceAfterDiscount: 150,
      colors: ['#ffffff'],
      categoryId: clothes,
      subcategoryIds: [shirts],
      sold: 7,
    });
    await t.db.query(`UPDATE products SET sku = 'قميص/3', images = '{a.webp}' WHERE id = $1`, [brandless]);
    await createProduct(t, { title: '=SUM(A1)', description: '@وصف', categoryId: clothes, brandId: nike });
    const before = await catalogue();
    const file = (await exportCsv()).rawPayload;
    const form = multipart({}, { file });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/import/apply',
      headers: { ...owner.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.update).toEqual([]);
    expect(res.json().data.counts).toEqual({ rows: 2, create: 0, update: 0, unchanged: 2, refused: 0 });
    expect(await catalogue()).toEqual(before);
  });

  it('a sheet with a refused row is refused whole with 400 and changes nothing', async () => {
    const existing = await createProduct(t, { title: 'قميص قديم', categoryId: clothes, price: 100 });
    const sheet = [
      HEADING,
      `,${existing},قميص قديم,وصف,555,,3,ملابس,,,,`,
      'N-1,,حذاء جري,وصف,200,,5,أحذية,رياضية,أديداس,,https://cdn.example.com/c.jpg',
      'N-2,,حذاء مكسور,وصف,-5,,5,أحذية,,,,https://cdn.example.com/d.jpg',
    ].join('\n');
    const before = await catalogue();
    const res = await send('apply', sheet, { createMissing: 'true' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 'fail',
      data: { refused: [{ line: 4, column: 'price', message: 'السطر 4: السعر ليس رقماً' }] },
    });
    expect(await catalogue()).toEqual(before);
  });

  it('a write that fails inside the transaction leaves the catalogue as it was', async () => {
    await createProduct(t, { title: 'قميص قديم', categoryId: clothes });
    // A trigger that refuses the second new product: the first, and the new category, must go with it.
    await t.db.exec(`CREATE FUNCTION refuse_second() RETURNS trigger AS $$ BEGIN
      IF NEW.sku = 'N-2' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_second BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION refuse_second();`);
    try {
      const sheet = [
        HEADING,
        'N-1,,حذاء جري,وصف,200,,5,أحذية,,,,https://cdn.example.com/c.jpg',
        'N-2,,حذاء مشي,وصف,250,,5,أحذية,,,,https://cdn.example.com/d.jpg',
      ].join('\n');
      const before = await catalogue();
      const res = await send('apply', sheet, { createMissing: 'true' });
      expect(res.statusCode).toBe(500);
      expect(await catalogue()).toEqual(before);
    } finally {
      await t.db.exec('DROP TRIGGER refuse_second ON products; DROP FUNCTION refuse_second();');
    }
  });

  it('takes the sheet as text in a JSON body too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/import/apply',
      headers: owner.auth,
      payload: { csv: `${HEADING}\nJ-1,,قميص جديد,وصف,120,,4,ملابس,,,,https://cdn.example.com/j.jpg\n` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bySku('J-1')).toMatchObject({ title: 'قميص جديد', price: 12000 });
  });

  it("takes new products' images by file name from a ZIP, through the upload checks", async () => {
    const sheet = [
      'sku,title,description,price,quantity,category,images',
      'Z-1,قميص مصور,وصف,120,4,ملابس,صور/قميص أمامي.png | https://cdn.example.com/back.jpg | خلف.png',
    ].join('\n');
    const zip = zipOf({ 'صور/قميص أمامي.png': await pngImage(), 'خلف.png': await pngImage(300, 300) });

    // Without the ZIP the names are refused; with a ZIP that lacks one, that one is named.
    const alone = (await send('preview', sheet)).json().data;
    expect(alone.refused.map((r: { line: number; column: string }) => [r.line, r.column])).toEqual([[2, 'images']]);
    const partial = (await sendWithImages('preview', sheet, zipOf({ 'خلف.png': await pngImage() }))).json().data;
    expect(partial.refused[0].message).toBe('السطر 2: الصورة "صور/قميص أمامي.png" ليست في ملف الصور (ZIP)');
    expect((await sendWithImages('preview', sheet, zip)).json().data.counts.create).toBe(1);

    const res = await sendWithImages('apply', sheet, zip);
    expect(res.statusCode, res.body).toBe(200);
    const product = await bySku('Z-1');
    expect(product!.image_cover).toMatch(/^products-.+\.webp$/);
    expect(product!.images).toEqual(['https://cdn.example.com/back.jpg', expect.stringMatching(/^products-.+\.webp$/)]);
    const files = await storedImages();
    expect(files).toContain(product!.image_cover);
    expect(files).toContain(product!.images[1]);
  });

  it('a ZIP file that is no image refuses the import: nothing written, no file kept', async () => {
    const sheet = [
      'sku,title,description,price,quantity,category,images',
      'Z-1,قميص مصور,وصف,120,4,ملابس,أمامي.png',
      'Z-2,قميص آخر,وصف,120,4,ملابس,ملاحظات.png',
    ].join('\n');
    const zip = zipOf({ 'أمامي.png': await pngImage(), 'ملاحظات.png': Buffer.from('ليست صورة') });
    const before = await catalogue();
    const filesBefore = await storedImages();
    const res = await sendWithImages('apply', sheet, zip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'fail',
      message: 'السطر 3: الصورة "ملاحظات.png" ليست صورة (JPEG أو PNG أو WebP أو GIF)',
    });
    expect(await catalogue()).toEqual(before);
    expect(await storedImages()).toEqual(filesBefore);
  });

  it('a file that is no ZIP is refused in Arabic', async () => {
    const res = await sendWithImages('preview', `${HEADING}\n`, Buffer.from('not a zip at all'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'fail', message: 'ملف الصور ليس ملف ZIP صالحاً' });
  });

  it('an empty file, inside the ZIP or as the ZIP itself, is refused with 400 and writes nothing', async () => {
    const sheet = [
      'sku,title,description,price,quantity,category,images',
      'E-1,قميص فارغ,وصف,120,4,ملابس,فارغة.jpg',
    ].join('\n');
    const before = await catalogue();
    const filesBefore = await storedImages();
    let res = await sendWithImages('apply', sheet, zipOf({ 'فارغة.jpg': Buffer.alloc(0) }));
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { status: 'fail', message: 'السطر 2: الصورة "فارغة.jpg" ليست صورة (JPEG أو PNG أو WebP أو GIF)' },
    ]);
    res = await sendWithImages('apply', sheet, Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(await catalogue()).toEqual(before);
    expect(await storedImages()).toEqual(filesBefore);
  });
});

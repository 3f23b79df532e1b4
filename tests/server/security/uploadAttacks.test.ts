import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createBrand,
  createCategory,
  createProduct,
  createUser,
  largePng,
  pngImage,
  useTestApp,
  type TestUser,
} from '../helpers';
import { imageWork } from '../../../server/lib/images';
import { snapshot } from './world';

/**
 * Hostile uploads (API.md §3.3, §4.5 item 16): the type is read from the bytes, sizes and counts are
 * limited, stored names are made by the server, and the image routes serve only their own folder.
 * Basic cases (one fake image, one oversize file, six gallery images) are in uploads.test.ts; here
 * every upload route and field is attacked and the upload folder itself is checked.
 */
const MAX_BYTES = 30_000;
let manager: TestUser;
let categoryId: string;
let brandId: string;
let productId: string;
let png: Buffer;

const t = useTestApp({ uploadMaxBytes: MAX_BYTES });
beforeAll(async () => {
  png = await pngImage(40, 30);
});
beforeEach(async () => {
  await fs.rm(path.join(t.dataDir, 'uploads'), { recursive: true, force: true });
  manager = await createUser(t, { role: 'manager' });
  categoryId = await createCategory(t);
  brandId = await createBrand(t);
  productId = await createProduct(t, { categoryId });
});

type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

/** A multipart body with full control over each file's name and declared type. */
function form(parts: Part[]) {
  const boundary = `----attack${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'image/png'}\r\n\r\n`,
          'latin1',
        ),
      );
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fieldsOf = (values: Record<string, string>): Part[] =>
  Object.entries(values).map(([name, value]) => ({ name, value }));
const file = (name: string, data: Buffer, filename = `${name}.png`, type = 'image/png'): Part => ({
  name,
  filename,
  type,
  data,
});

interface Target {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  /** The file field attacked. */
  field: string;
  /** Valid text fields and files sent with it, so the attacked file is the only thing wrong. */
  rest: () => Part[];
}

/** Every upload route and file field; gallery attacks come with a good cover, stored first and then cleaned up. */
const targets = (): Target[] => {
  const product = () =>
    fieldsOf({ title: 'منتج مرفوع', description: 'وصف', quantity: '3', price: '10', category: categoryId });
  return [
    { method: 'POST', url: '/categories', field: 'image', rest: () => fieldsOf({ name: 'تصنيف مرفوع' }) },
    { method: 'PUT', url: `/categories/${categoryId}`, field: 'image', rest: () => [] },
    { method: 'POST', url: '/brands', field: 'image', rest: () => fieldsOf({ name: 'ماركة مرفوعة' }) },
    { method: 'PATCH', url: `/brands/${brandId}`, field: 'image', rest: () => [] },
    { method: 'POST', url: '/products', field: 'imageCover', rest: product },
    { method: 'POST', url: '/products', field: 'images', rest: () => [...product(), file('imageCover', png)] },
    { method: 'PUT', url: `/products/${productId}`, field: 'imageCover', rest: () => [] },
    { method: 'PATCH', url: `/products/${productId}`, field: 'images', rest: () => [file('imageCover', png)] },
  ];
};

const send = (target: Pick<Target, 'method' | 'url'>, parts: Part[]) => {
  const body = form(parts);
  return t.app.inject({
    method: target.method,
    url: `/api/v1${target.url}`,
    headers: { ...body.headers, ...manager.auth },
    payload: body.payload,
  });
};

/** Every file under the test's data directory, relative to it. */
async function filesUnder(dir = t.dataDir): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(t.dataDir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Rows and files: equal before and after means the request stored nothing. */
const state = async () => ({ rows: await snapshot(t), files: await filesUnder() });

const STORED_NAME = /^uploads\/(products|categories|brands)\/\1-[0-9a-f-]{36}-\d+(-cover|-\d)?(-w\d+)?\.webp$/;
const IMAGE_URL = /^http:\/\/shop\.test\/(products|categories|brands)\/\1-[0-9a-f-]{36}-\d+(-cover|-\d)?\.webp$/;

describe('content that is not an image', () => {
  const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const fakes = (): [string, Buffer][] => [
    ['plain text', Buffer.from('just some text, not a picture')],
    ['HTML', Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')],
    [
      'SVG with a script',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      ),
    ],
    ['PHP', Buffer.from('<?php system($_GET["cmd"]); ?>')],
    ['a PNG signature then garbage', Buffer.concat([PNG_SIGNATURE, Buffer.from('IHDR'), Buffer.alloc(200, 0x41)])],
    ['a GIF header then a script', Buffer.from('GIF89a<script>alert(1)</script>')],
    [
      'a JPEG marker then garbage',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<?php echo 1; ?>')]),
    ],
    ['a truncated PNG', png.subarray(0, 60)],
  ];

  it('named .png and sent as image/png on every upload field → 400 only images allowed; no row, no file stored', async () => {
    for (const target of targets()) {
      const before = await state();
      for (const [label, data] of fakes()) {
        const res = await send(target, [...target.rest(), file(target.field, data)]);
        const shown = `${target.method} ${target.url} ${target.field} = ${label}: ${res.body}`;
        expect(res.statusCode, shown).toBe(400);
        expect(res.json(), shown).toEqual({ status: 'fail', message: 'only images allowed' });
      }
      expect(await state(), `${target.method} ${target.url} ${target.field}`).toEqual(before);
    }
  });

  it('the declared name and type do not matter: an SVG sent as image/svg+xml and a PHP file as .php are refused alike', async () => {
    const before = await state();
    const [, html, svg, php] = fakes().map(([, data]) => data);
    for (const [filename, type, data] of [
      ['logo.svg', 'image/svg+xml', svg],
      ['shell.php', 'application/x-php', php],
      ['page.html', 'text/html', html],
    ] as const) {
      const res = await send({ method: 'POST', url: '/categories' }, [
        ...fieldsOf({ name: 'تصنيف خبيث' }),
        file('image', data, filename, type),
      ]);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json(), filename).toEqual({ status: 'fail', message: 'only images allowed' });
    }
    expect(await state()).toEqual(before);
  });

  it('a real image with a PHP payload appended, named shell.php, is stored re-encoded as a server-named WebP without the payload', async () => {
    const payload = '<?php system($_GET["cmd"]); ?>';
    const res = await send({ method: 'POST', url: '/categories' }, [
      ...fieldsOf({ name: 'تصنيف مختلط' }),
      file('image', Buffer.concat([png, Buffer.from(payload)]), 'shell.php', 'application/x-php'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.image).toMatch(IMAGE_URL);
    const files = await filesUnder();
    expect(files.length).toBe(3); // the image and its two smaller copies
    for (const name of files) {
      expect(name).toMatch(STORED_NAME);
      const bytes = await fs.readFile(path.join(t.dataDir, name));
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(bytes.includes(Buffer.from('<?php'))).toBe(false);
    }
  });
});

describe('sizes and counts', () => {
  it('a file over the upload limit on every upload field → 413 File too large; no row, no file stored', async () => {
    const big = Buffer.concat([png, Buffer.alloc(MAX_BYTES)]);
    for (const target of targets()) {
      const before = await state();
      const res = await send(target, [...target.rest(), file(target.field, big)]);
      const shown = `${target.method} ${target.url} ${target.field}: ${res.body}`;
      expect(res.statusCode, shown).toBe(413);
      expect(res.json(), shown).toEqual({ status: 'fail', message: 'File too large' });
      expect(await state(), shown).toEqual(before);
    }
  });

  it('an image over 40 megapixels (8000×6000 in a few KB) on every upload field → 400 Image is too large; no row, no file stored', async () => {
    const bomb = largePng(8000, 6000);
    expect(bomb.length).toBeLessThan(MAX_BYTES);
    for (const target of targets()) {
      const before = await state();
      const decoded = imageWork.started;
      const rest = target.rest();
      const res = await send(target, [...rest, file(target.field, bomb)]);
      const shown = `${target.method} ${target.url} ${target.field}: ${res.body}`;
      expect(res.statusCode, shown).toBe(400);
      expect(res.json(), shown).toEqual({ status: 'fail', message: 'Image is too large: at most 40 megapixels' });
      // Refused from its header, never decoded: only the valid images sent with it may have been worked on.
      expect(imageWork.started - decoded, shown).toBeLessThanOrEqual(rest.filter((part) => 'data' in part).length);
      expect(await state(), shown).toEqual(before);
    }
  });

  it('good images followed by one oversize image → 413, and none of the good ones is stored', async () => {
    const before = await state();
    const res = await send({ method: 'POST', url: '/products' }, [
      ...fieldsOf({ title: 'منتج كبير', description: 'وصف', quantity: '1', price: '5', category: categoryId }),
      file('imageCover', png),
      file('images', png),
      file('images', png),
      file('images', Buffer.concat([png, Buffer.alloc(MAX_BYTES)])),
    ]);
    expect(res.statusCode).toBe(413);
    expect(await state()).toEqual(before);
  });

  it.each([
    [
      'two category images',
      'POST',
      '/categories',
      () => [...fieldsOf({ name: 'تصنيف' }), file('image', png), file('image', png)],
      'image',
    ],
    ['two brand images', 'PUT', 'brand', () => [file('image', png), file('image', png)], 'image'],
    ['two product covers', 'POST', '/products', () => [file('imageCover', png), file('imageCover', png)], 'imageCover'],
    ['six gallery images', 'PUT', 'product', () => Array.from({ length: 6 }, () => file('images', png)), 'images'],
    [
      'an unexpected file field',
      'POST',
      '/brands',
      () => [...fieldsOf({ name: 'ماركة' }), file('avatar', png)],
      'avatar',
    ],
    [
      'a traversal in the field name',
      'POST',
      '/categories',
      () => [...fieldsOf({ name: 'تصنيف' }), file('../../image', png)],
      '../../image',
    ],
    [
      'a product field on a category',
      'POST',
      '/categories',
      () => [...fieldsOf({ name: 'تصنيف' }), file('imageCover', png)],
      'imageCover',
    ],
  ] as const)(
    '%s → 400 Too many files or unexpected file field; nothing stored',
    async (_label, method, where, parts, field) => {
      const url = where === 'brand' ? `/brands/${brandId}` : where === 'product' ? `/products/${productId}` : where;
      const before = await state();
      const res = await send({ method, url }, parts());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ status: 'fail', message: `Too many files or unexpected file field: ${field}` });
      expect(await state()).toEqual(before);
    },
  );

  it('more text fields than a form may have (200) → 413 Request body is too large; nothing stored', async () => {
    const before = await state();
    const manyFields = Array.from({ length: 201 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const res = await send({ method: 'POST', url: '/categories' }, [
      ...fieldsOf({ name: 'تصنيف كثير' }),
      file('image', png),
      ...manyFields,
    ]);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({ status: 'fail', message: 'Request body is too large' });
    expect(await state()).toEqual(before);
  });
});

describe('text fields', () => {
  it('a NUL character in any text field of the category, brand and product routes, multipart or JSON → 400 Invalid characters in request; nothing stored', async () => {
    const product = { title: 'منتج مرفوع', description: 'وصف', quantity: '3', price: '10', category: categoryId };
    const cases: [Target['method'], string, Record<string, string>, Part[]][] = [
      ['POST', '/categories', { name: 'تصنيف\u0000مرفوع' }, [file('image', png)]],
      ['PUT', `/categories/${categoryId}`, { name: 'تصنيف\u0000' }, []],
      ['POST', '/brands', { name: 'ماركة\u0000مرفوعة' }, [file('image', png)]],
      ['PATCH', `/brands/${brandId}`, { name: '\u0000' }, []],
      ['POST', '/products', { ...product, title: 'منتج\u0000مرفوع' }, [file('imageCover', png)]],
      ['POST', '/products', { ...product, description: 'وصف\u0000' }, [file('imageCover', png)]],
      ['PUT', `/products/${productId}`, { description: 'وصف \u0000جديد' }, []],
      ['PATCH', `/products/${productId}`, { title: '\u0000' }, []],
    ];
    const before = await state();
    const answers = [];
    for (const [method, url, fields, files] of cases) {
      const asForm = await send({ method, url }, [...fieldsOf(fields), ...files]);
      const asJson = await t.app.inject({ method, url: `/api/v1${url}`, headers: manager.auth, payload: fields });
      for (const res of [asForm, asJson]) answers.push([method, url, res.statusCode, res.json()]);
    }
    expect(answers).toEqual(
      cases.flatMap(([method, url]) =>
        Array(2).fill([method, url, 400, { status: 'fail', message: 'Invalid characters in request' }]),
      ),
    );
    expect(await state()).toEqual(before);
  });
});

describe('path traversal', () => {
  it('file names with ../, ..\\, absolute paths, NUL or great length never choose where a file is stored', async () => {
    const marker = `evil-${randomUUID()}`;
    const names = [
      `../../${marker}.png`,
      `..\\..\\${marker}.png`,
      `/tmp/${marker}.png`,
      `C:\\Windows\\${marker}.png`,
      `${marker}.png\u0000.php`,
      `%2e%2e%2f%2e%2e%2f${marker}.png`,
      `${'a'.repeat(5000)}.png`,
    ];
    const written: string[] = [];
    for (const [i, filename] of names.entries()) {
      // One route per folder; the product gets the hostile name on its cover and a gallery image.
      const uploads: [Target, Part[]][] = [
        [
          { method: 'POST', url: '/categories', field: 'image', rest: () => fieldsOf({ name: `تصنيف ${i}` }) },
          [file('image', png, filename)],
        ],
        [
          { method: 'PATCH', url: `/brands/${brandId}`, field: 'image', rest: () => [] },
          [file('image', png, filename)],
        ],
        [
          { method: 'PUT', url: `/products/${productId}`, field: 'images', rest: () => [] },
          [file('imageCover', png, filename), file('images', png, filename)],
        ],
      ];
      for (const [target, files] of uploads) {
        const res = await send(target, [...target.rest(), ...files]);
        const shown = `${target.method} ${target.url} filename=${filename.slice(0, 40)}: ${res.body.slice(0, 200)}`;
        expect(res.statusCode, shown).toBe(target.method === 'POST' ? 201 : 200);
        const data = res.json().data;
        for (const url of [data.image, data.imageCover, ...(data.images ?? [])].filter(Boolean))
          expect(url, shown).toMatch(IMAGE_URL);
        written.push(...(await filesUnder()));
      }
    }
    expect(written.length).toBeGreaterThan(0);
    for (const name of new Set(written)) expect(name).toMatch(STORED_NAME);
    for (const kind of ['products', 'categories', 'brands']) {
      for (const filename of names) {
        const target = path.resolve(t.dataDir, 'uploads', kind, filename.replace(/\\/g, '/').split('\u0000')[0]);
        await expect(fs.access(target), target).rejects.toThrow();
      }
    }
    await expect(fs.access(`/tmp/${marker}.png`)).rejects.toThrow();
  });

  it('the image routes never serve a file outside their own folder, whatever the encoding (404, never the content)', async () => {
    const secret = `SECRET-${randomUUID()}`;
    const uploads = path.join(t.dataDir, 'uploads');
    await fs.mkdir(path.join(uploads, 'categories'), { recursive: true });
    await fs.mkdir(path.join(uploads, 'products'), { recursive: true });
    await fs.writeFile(path.join(t.dataDir, 'secret.webp'), secret);
    await fs.writeFile(path.join(uploads, 'secret.webp'), secret);
    await fs.writeFile(path.join(uploads, 'categories', 'c-secret.webp'), secret);
    // Control: the planted file is reachable where it belongs, so a leak would show.
    const own = await t.app.inject({ url: '/uploads/categories/c-secret.webp' });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(secret);

    const attempts = [
      '/uploads/products/..%2F..%2Fpackage.json',
      '/uploads/products/..%2F..%2Fsecret.webp',
      '/uploads/products/..%2Fsecret.webp',
      '/uploads/products/..%2Fcategories%2Fc-secret.webp',
      '/products/..%2F..%2Fsecret.webp',
      '/products/..%2Fcategories%2Fc-secret.webp',
      '/products/..%252f..%252fsecret.webp',
      '/products/..%252fcategories%252fc-secret.webp',
      '/uploads/products/%2e%2e%2f%2e%2e%2fsecret.webp',
      '/uploads/products/%2e%2e%2fcategories%2fc-secret.webp',
      '/uploads/products/..%5C..%5Csecret.webp',
      '/products/..%5Ccategories%5Cc-secret.webp',
      '/uploads/products/....%2F%2F....%2F%2Fsecret.webp',
      '/uploads/products/..%c0%af..%c0%afsecret.webp',
      '/uploads/products/%2Fetc%2Fpasswd',
      `/uploads/products/${encodeURIComponent(path.join(uploads, 'categories', 'c-secret.webp'))}`,
      '/uploads/products/secret.webp%00.png',
      '/brands/..%2Fcategories%2Fc-secret.webp',
      '/categories/..%2Fsecret.webp',
      '/uploads/brands/%2e%2e%5csecret.webp',
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ url });
      expect([400, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode);
      expect(res.json(), url).toEqual({ status: 'fail', message: expect.any(String) });
      expect(res.body, url).not.toContain(secret);
      expect(res.body, url).not.toContain('"devDependencies"');
    }
  });
});

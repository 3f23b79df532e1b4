import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_JOBS, imageWork } from '../../server/lib/images';
import {
  createCategory,
  createTestApp,
  createUser,
  largePng,
  multipart,
  pngImage,
  useTestApp,
  type TestContext,
  type TestUser,
} from './helpers';

let admin: TestUser;
let category: string;
const t = useTestApp({ uploadMaxBytes: 20_000 });
beforeEach(async () => {
  admin = await createUser(t, { role: 'admin' });
  category = await createCategory(t);
});

const fields = () => ({ title: 'منتج', description: 'وصف', quantity: '1', price: '10', category });
const send = (url: string, form: ReturnType<typeof multipart>, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({ method, url, headers: { ...form.headers, ...admin.auth }, payload: form.payload });
const products = async () => (await t.db.query('SELECT 1 FROM products')).length;

describe('uploads', () => {
  it('refuses a non-image (checked by content, not by name) with 400 only images allowed', async () => {
    const res = await send(
      '/api/v1/products',
      multipart(fields(), { imageCover: Buffer.from('GIF89a but really text') }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'fail', message: 'only images allowed' });
    const brand = await send('/api/v1/brands', multipart({ name: 'ماركة' }, { image: Buffer.from('%PDF-1.4') }));
    expect(brand.json().message).toBe('only images allowed');
    expect(await products()).toBe(0);
  });

  it('refuses a file over the limit with 413 File too large', async () => {
    const big = Buffer.concat([await pngImage(10, 10), Buffer.alloc(30_000)]);
    const res = await send('/api/v1/categories', multipart({ name: 'كبير' }, { image: big }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'fail', message: 'File too large' });
    expect((await t.db.query('SELECT 1 FROM categories')).length).toBe(1);
  });

  it('refuses 6 gallery images, a second cover or an unexpected field with 400', async () => {
    const img = await pngImage(40, 30);
    const six = await send('/api/v1/products', multipart(fields(), { imageCover: img, images: Array(6).fill(img) }));
    expect(six.statusCode).toBe(400);
    expect(six.json()).toEqual({ status: 'fail', message: 'Too many files or unexpected file field: images' });
    const covers = await send('/api/v1/products', multipart(fields(), { imageCover: [img, img] }));
    expect(covers.json().message).toBe('Too many files or unexpected file field: imageCover');
    const unexpected = await send('/api/v1/categories', multipart({ name: 'غريب' }, { avatar: img }));
    expect(unexpected.json().message).toBe('Too many files or unexpected file field: avatar');
    expect(await products()).toBe(0);
    const five = await send('/api/v1/products', multipart(fields(), { imageCover: img, images: Array(5).fill(img) }));
    expect(five.statusCode).toBe(201);
    expect(five.json().data.images).toHaveLength(5);
  });

  it('refuses multipart on routes that do not take files (415)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subcategories',
      headers: { ...multipart({ name: 'ab' }).headers, ...admin.auth },
      payload: multipart({ name: 'ab' }).payload,
    });
    expect(res.statusCode).toBe(415);
  });

  it('serves uploaded files and their variants; unknown files 404', async () => {
    const res = await send('/api/v1/products', multipart(fields(), { imageCover: await pngImage(800, 600) }));
    const url = new URL(res.json().data.imageCover);
    const file = await t.app.inject({ url: url.pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ url: url.pathname.replace('.webp', '-w320.webp') })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/uploads${url.pathname}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/products/nothing.webp' })).statusCode).toBe(404);
  });
});

describe('image work is bounded (default upload limit of 5 MB)', () => {
  let big: TestContext;
  let staff: TestUser;
  beforeAll(async () => {
    big = await createTestApp();
    staff = await createUser(big, { role: 'admin' });
  });
  afterAll(() => big.close());
  const upload = (name: string, image: Buffer) => {
    const form = multipart({ name }, { image });
    return big.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: { ...form.headers, ...staff.auth },
      payload: form.payload,
    });
  };

  it('a 16000×16000 PNG is refused from its header at once: 400 Image is too large, nothing stored', async () => {
    const decoded = imageWork.started;
    const res = await upload('ضخم', largePng(16000, 16000));
    expect(res.json()).toEqual({ status: 'fail', message: 'Image is too large: at most 40 megapixels' });
    expect(res.statusCode).toBe(400);
    expect(imageWork.started).toBe(decoded);
    expect(await big.db.query('SELECT 1 FROM categories')).toEqual([]);
  });

  it(`six uploads at once are all stored, with at most ${IMAGE_JOBS} images worked on at a time`, async () => {
    const image = await pngImage(1600, 1200);
    imageWork.peak = 0;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(`تصنيف ${i}`, image)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(imageWork.peak).toBe(IMAGE_JOBS);
  });
});

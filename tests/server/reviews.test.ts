import { beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser, useTestApp, type TestUser } from './helpers';

let alice: TestUser;
let bob: TestUser;
let manager: TestUser;
let product: string;
const t = useTestApp();
beforeEach(async () => {
  alice = await createUser(t, { name: 'أليس' });
  bob = await createUser(t, { name: 'بوب' });
  manager = await createUser(t, { role: 'manager' });
  product = await createProduct(t);
});

const missing = '00000000-0000-4000-8000-000000000000';
const nested = () => `/api/v1/products/${product}/reviews`;
const add = (user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: nested(), headers: user.auth, payload });
const ratings = async () => (await t.app.inject({ url: `/api/v1/products/${product}` })).json().data;

describe('reviews', () => {
  it('creates (201, user populated) and recomputes ratings exactly, halves up', async () => {
    const res = await add(alice, { review: 'ممتاز', rating: '3' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      review: 'ممتاز',
      rating: 3,
      product,
      user: { _id: alice.id, name: 'أليس' },
    });
    await add(bob, { review: 'جيد', rating: 3.5 });
    expect(await ratings()).toMatchObject({ ratingsAverage: 3.3, ratingsQuantity: 2 }); // 3.25 → 3.3
    const third = await createUser(t);
    const fourth = await createUser(t);
    await t.db.query('DELETE FROM reviews');
    await add(alice, { review: 'a', rating: 4.5 });
    await add(bob, { review: 'b', rating: 4.5 });
    await add(third, { review: 'c', rating: 4 });
    await add(fourth, { review: 'd', rating: 4.4 });
    expect(await ratings()).toMatchObject({ ratingsAverage: 4.4, ratingsQuantity: 4 }); // 4.35 → 4.4
  });

  it('validates with the legacy messages; one review per user and product', async () => {
    const cases: [object, string, string][] = [
      [{ rating: 4 }, 'review', 'Review required'],
      [{ review: '  ', rating: 4 }, 'review', 'Review required'],
      [{ review: 'x'.repeat(1001), rating: 4 }, 'review', 'Too long review'],
      [{ review: 'ok' }, 'rating', 'Review required'],
      [{ review: 'ok', rating: 0 }, 'rating', 'Rating min value 1.0 and max 5.0'],
      [{ review: 'ok', rating: 5.5 }, 'rating', 'Rating min value 1.0 and max 5.0'],
      [{ review: 'ok', rating: 'abc' }, 'rating', 'Rating min value 1.0 and max 5.0'],
    ];
    for (const [payload, path, msg] of cases) {
      const res = await add(alice, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path, msg });
    }
    expect((await add(alice, { review: 'ok', rating: 5 })).statusCode).toBe(201);
    const again = await add(alice, { review: 'again', rating: 1 });
    expect(again.json().errors[0]).toMatchObject({ path: 'review', msg: 'You already added review on this product' });
    expect(await ratings()).toMatchObject({ ratingsAverage: 5, ratingsQuantity: 1 });
  });

  it('POST /reviews takes product from the body; the user always comes from the token', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reviews',
      headers: alice.auth,
      payload: { review: 'ok', rating: 4, product: 'x' },
    });
    expect(bad.json().errors[0]).toMatchObject({ path: 'product', msg: 'Invalid Product Id formate' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reviews',
      headers: alice.auth,
      payload: { review: 'ok', rating: 4, product: missing },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(`No document for this id ${missing}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reviews',
      headers: alice.auth,
      payload: { review: 'ok', rating: 4, product, user: bob.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user._id).toBe(alice.id);
  });

  it('only role user may create: 401 visitor, 403 manager; unknown product 404', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: nested(), payload: { review: 'ok', rating: 4 } })).statusCode,
    ).toBe(401);
    expect((await add(manager, { review: 'ok', rating: 4 })).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${missing}/reviews`,
      headers: alice.auth,
      payload: { review: 'ok', rating: 4 },
    });
    expect(res.statusCode).toBe(404);
    expect((await t.db.query('SELECT 1 FROM reviews')).length).toBe(0);
  });

  it('lists newest first (public, ignores Bearer null), paged; gets one; filters by rating', async () => {
    await add(alice, { review: 'الأول', rating: 2 });
    // PGlite's clock ticks in milliseconds: make "newest first" independent of how fast the two reviews were written.
    await t.db.query(`UPDATE reviews SET created_at = created_at - interval '1 minute'`);
    await add(bob, { review: 'الثاني', rating: 5 });
    const list = await t.app.inject({ url: `${nested()}?page=1&limit=5`, headers: { authorization: 'Bearer null' } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ results: 2, paginationResult: { currentPage: 1, limit: 5, numberOfPages: 1 } });
    expect(list.json().data.map((r: { review: string }) => r.review)).toEqual(['الثاني', 'الأول']);
    expect((await t.app.inject({ url: '/api/v1/reviews?rating[gte]=3' })).json().results).toBe(1);
    const other = await createProduct(t);
    expect((await t.app.inject({ url: `/api/v1/products/${other}/reviews` })).json().results).toBe(0);
    const id = list.json().data[0]._id;
    expect((await t.app.inject({ url: `/api/v1/reviews/${id}` })).json().data.review).toBe('الثاني');
    expect((await t.app.inject({ url: `${nested()}/${id}` })).json().data._id).toBe(id);
    expect((await t.app.inject({ url: `/api/v1/products/${other}/reviews/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/reviews/${missing}` })).json().message).toBe(
      `No document for this id ${missing}`,
    );
  });

  it('update: author only (403 others, 404 unknown), recomputes ratings', async () => {
    const id = (await add(alice, { review: 'قديم', rating: 2 })).json().data._id;
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/reviews/${id}`,
      headers: bob.auth,
      payload: { rating: 5 },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You are not allowed to perform this action');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/reviews/${id}`,
          headers: manager.auth,
          payload: { rating: 5 },
        })
      ).statusCode,
    ).toBe(403);
    const nf = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/reviews/${missing}`,
      headers: alice.auth,
      payload: { rating: 5 },
    });
    expect(nf.json()).toEqual({ status: 'fail', message: `There is no review for this id ${missing}` });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/reviews/${id}`,
      headers: alice.auth,
      payload: { rating: 9 },
    });
    expect(bad.json().errors[0].msg).toBe('Rating min value 1.0 and max 5.0');
    const res = await t.app.inject({
      method: 'PUT',
      url: `${nested()}/${id}`,
      headers: alice.auth,
      payload: { rating: 4, user: bob.id, product: missing },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ review: 'قديم', rating: 4, product, user: { _id: alice.id } });
    expect(await ratings()).toMatchObject({ ratingsAverage: 4, ratingsQuantity: 1 });
  });

  it('delete: author or manager/admin, 204 empty body; ratings back to 0', async () => {
    const id = (await add(alice, { review: 'x', rating: 2 })).json().data._id;
    const bobs = (await add(bob, { review: 'y', rating: 4 })).json().data._id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/reviews/${id}`, headers: bob.auth })).statusCode).toBe(
      403,
    );
    const own = await t.app.inject({ method: 'DELETE', url: `/api/v1/reviews/${id}`, headers: alice.auth });
    expect(own.statusCode).toBe(204);
    expect(own.body).toBe('');
    expect(await ratings()).toMatchObject({ ratingsAverage: 4, ratingsQuantity: 1 });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/reviews/${bobs}`, headers: manager.auth })).statusCode,
    ).toBe(204);
    expect(await ratings()).toMatchObject({ ratingsAverage: 0, ratingsQuantity: 0 });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/reviews/${bobs}`, headers: manager.auth })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/reviews/${bobs}` })).statusCode).toBe(401);
  });
});

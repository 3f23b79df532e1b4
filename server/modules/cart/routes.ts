import type { FastifyInstance, FastifyRequest } from 'fastify';
import { baseUrl, bodyOf } from '../../context';
import type { Queryable } from '../../db';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { applyDiscount, effectivePrice } from '../../lib/money';
import { rules, text, toNumber, validate, validateIdParam } from '../../lib/validate';
import { currentUser, requireAuth } from '../../plugins/auth';
import { cartBody, cartChanged, findCart, linesTotal } from './service';

interface ProductRow {
  id: string;
  title: string;
  quantity: number;
  price: number;
  price_after_discount: number | null;
  available_colors: string[];
}

const productById = (q: Queryable, id: string) =>
  q.one<ProductRow>('SELECT id, title, quantity, price, price_after_discount, available_colors FROM products WHERE id = $1', [id]);

/** Stock rule of API.md §5.11: after the change, all lines of the product together stay within its quantity. */
async function assertStock(q: Queryable, cartId: string, product: ProductRow, change: number) {
  const inCart = (await q.one<{ n: number }>('SELECT COALESCE(sum(count), 0)::int AS n FROM cart_items WHERE cart_id = $1 AND product_id = $2', [cartId, product.id]))!.n;
  if (inCart + change > product.quantity) throw conflict(`Not enough stock for product: ${product.title}`);
}

const noCart = (userId: string) => notFound(`No cart exist for this user: ${userId}`);
const noLine = (itemId: string) => notFound(`No Product Cart item found for this id: ${itemId}`);

export async function cartRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const customer = requireAuth(ctx, 'user');
  const base = (request: FastifyRequest) => baseUrl(request, ctx.config);

  app.get('/', { preHandler: customer }, async (request) => {
    const cart = await findCart(ctx.db, currentUser(request).id);
    if (!cart) return { status: 'success', numOfCartItems: 0, data: { products: [], totalCartPrice: 0 } };
    return { status: 'success', ...(await cartBody(ctx.db, cart.id, base(request))) };
  });

  app.post('/', { preHandler: customer }, async (request) => {
    const user = currentUser(request);
    const body = bodyOf(request);
    await validate('body', body, { productId: rules().required('productId is required').id() });
    const productId = body.productId as string;
    const result = await ctx.db.tx(async (tx) => {
      const product = await productById(tx, productId);
      if (!product) throw notFound(`No document for this id ${productId}`);
      const requested = body.color === undefined || body.color === null ? '' : text(body.color);
      const color = requested === '' ? '' : product.available_colors.find((c) => c.toLowerCase() === requested?.toLowerCase());
      if (color === undefined) throw badRequest('This color is not available for this product');

      // Creating or touching the cart row locks it, so concurrent changes to one cart queue up. The same
      // statement does cartChanged's work (drop the coupon, mark the change): the transaction either adds
      // the line or rolls all of it back, so doing it first saves a round trip.
      const cart = (await tx.one<{ id: string }>(
        `INSERT INTO carts (user_id) VALUES ($1) ON CONFLICT (user_id)
         DO UPDATE SET coupon_id = NULL, total_after_discount = NULL, updated_at = now() RETURNING id`,
        [user.id],
      ))!;
      await assertStock(tx, cart.id, product, 1);
      // The price always comes from the product (API.md §6.2), refreshed when the line grows.
      await tx.query(
        `INSERT INTO cart_items (cart_id, product_id, color, count, price) VALUES ($1, $2, $3, 1, $4)
         ON CONFLICT (cart_id, product_id, color) DO UPDATE SET count = cart_items.count + 1, price = EXCLUDED.price`,
        [cart.id, product.id, color, effectivePrice(product.price, product.price_after_discount)],
      );
      return cartBody(tx, cart.id, base(request));
    });
    return { status: 'success', message: 'Product added successfully to your cart', ...result };
  });

  const applyCoupon = async (request: FastifyRequest) => {
    const user = currentUser(request);
    const couponName = text(bodyOf(request).couponName) ?? '';
    const outcome = await ctx.db.tx(async (tx) => {
      const cart = await findCart(tx, user.id, { lock: true });
      if (!cart) throw noCart(user.id);
      const coupon = couponName
        ? await tx.one<{ id: string; name: string; discount: string }>(
            'SELECT id, name, discount FROM coupons WHERE lower(name) = lower($1) AND expire > now()',
            [couponName],
          )
        : undefined;
      if (!coupon) {
        // A refused coupon also removes the one applied before (as the original backend does); this must commit.
        await tx.query('UPDATE carts SET coupon_id = NULL, total_after_discount = NULL, updated_at = now() WHERE id = $1 AND coupon_id IS NOT NULL', [cart.id]);
        return undefined;
      }
      const total = linesTotal(await tx.query<{ price: number; count: number }>('SELECT price, count FROM cart_items WHERE cart_id = $1', [cart.id]));
      await tx.query('UPDATE carts SET coupon_id = $2, total_after_discount = $3, updated_at = now() WHERE id = $1', [
        cart.id, coupon.id, applyDiscount(total, Number(coupon.discount)),
      ]);
      return { coupon: coupon.name, ...(await cartBody(tx, cart.id, base(request))) };
    });
    if (!outcome) throw badRequest('Coupon is invalid or has expired');
    const { coupon, ...cart } = outcome;
    return { status: 'success', numOfCartItems: cart.numOfCartItems, coupon, data: cart.data };
  };
  app.put('/applyCoupon', { preHandler: customer }, applyCoupon);
  app.patch('/applyCoupon', { preHandler: customer }, applyCoupon);

  const setCount = async (request: FastifyRequest) => {
    const user = currentUser(request);
    const itemId = validateIdParam(request.params, 'itemId');
    const body = bodyOf(request);
    await validate('body', body, {
      count: rules().check((v) => {
        const n = typeof v === 'boolean' ? undefined : toNumber(v);
        return n !== undefined && Number.isInteger(n) && n >= 1;
      }, 'count must be an integer of at least 1'),
    });
    const count = toNumber(body.count)!;
    const result = await ctx.db.tx(async (tx) => {
      const cart = await findCart(tx, user.id, { lock: true });
      if (!cart) throw noCart(user.id);
      const line = await tx.one<{ id: string; product_id: string; count: number }>('SELECT id, product_id, count FROM cart_items WHERE id = $1 AND cart_id = $2', [itemId, cart.id]);
      if (!line) throw noLine(itemId);
      const product = (await productById(tx, line.product_id))!;
      await assertStock(tx, cart.id, product, count - line.count);
      await tx.query('UPDATE cart_items SET count = $2, price = $3 WHERE id = $1', [line.id, count, effectivePrice(product.price, product.price_after_discount)]);
      await cartChanged(tx, cart.id);
      return cartBody(tx, cart.id, base(request));
    });
    return { status: 'success', ...result };
  };
  app.put('/:itemId', { preHandler: customer }, setCount);
  app.patch('/:itemId', { preHandler: customer }, setCount);

  app.delete('/:itemId', { preHandler: customer }, async (request) => {
    const user = currentUser(request);
    const itemId = validateIdParam(request.params, 'itemId');
    const result = await ctx.db.tx(async (tx) => {
      const cart = await findCart(tx, user.id, { lock: true });
      if (!cart) throw noCart(user.id);
      const removed = await tx.one('DELETE FROM cart_items WHERE id = $1 AND cart_id = $2 RETURNING id', [itemId, cart.id]);
      if (!removed) throw noLine(itemId);
      await cartChanged(tx, cart.id);
      return cartBody(tx, cart.id, base(request));
    });
    return { status: 'success', ...result };
  });

  app.delete('/', { preHandler: customer }, async (request, reply) => {
    await ctx.db.query('DELETE FROM carts WHERE user_id = $1', [currentUser(request).id]);
    return reply.status(204).send();
  });
}

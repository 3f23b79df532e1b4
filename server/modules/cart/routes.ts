import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { imageBase } from '../../context';
import type { Queryable } from '../../db';
import { badRequest, notFound } from '../../lib/errors';
import { applyDiscount, effectivePrice } from '../../lib/money';
import { rules, text, toInteger } from '../../lib/validate';
import { Type, IdParams, IntegerLike, NoContent, bearer, checks, idRules } from '../../lib/schemas';
import { Cart, CartResponse } from './schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { findProductForCart, type ProductForCartRow } from '../products';
import {
  addOne,
  applyCoupon as applyCouponToCart,
  cartLines,
  countInCart,
  deleteCartOf,
  findCart,
  findLine,
  lockCartWithCouponNamed,
  removeCoupon,
  removeLine,
  setLineCount,
  touchCart,
} from './repository';
import {
  assertCanHold,
  assertCartTotal,
  assertOrderSize,
  cartBody,
  cartNeedsSettling,
  linesTotal,
  settleCart,
  type OrderLimits,
} from './service';

/** The cart's rules for one product after a change of `change` units (stock and the shop's limit, see assertCanHold). */
async function assertStock(
  q: Queryable,
  cartId: string,
  product: ProductForCartRow,
  change: number,
  limits: OrderLimits,
) {
  assertCanHold(product, (await countInCart(q, cartId, product.id)) + change, limits);
}

const noCart = (userId: string) => notFound(`No cart exist for this user: ${userId}`);
const noLine = (itemId: string) => notFound(`No Product Cart item found for this id: ${itemId}`);

const tags = ['cart'];
const ItemParams = IdParams('itemId');
const countRules = {
  count: rules().check((v) => {
    const n = toInteger(v);
    return n !== undefined && n >= 1;
  }, 'count must be an integer of at least 1'),
};

export async function cartRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const customer = requireAuth(ctx, 'user');
  const base = (request: FastifyRequest) => imageBase(request, ctx);

  app.get(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: "The customer's cart (an empty one when there is none)",
        response: { 200: CartResponse },
      },
      preValidation: customer,
    },
    async (request) => {
      // One snapshot: an order or DELETE /cart committing between the two reads would otherwise leave a cart without its row.
      const userId = currentUser(request).id;
      let body = await ctx.db.tx(
        async (tx) => {
          const cart = await findCart(tx, userId);
          if (cart && cartNeedsSettling(cart)) return 'settle' as const;
          return cart && cartBody(tx, cart.id, base(request), { cart });
        },
        { snapshot: true },
      );
      if (body === 'settle') {
        // Rarely: the coupon expired, or was deleted, since the last answer. Drop it and say so, once.
        body = await ctx.db.tx(async (tx) => {
          let cart = await findCart(tx, userId, { lock: true });
          if (!cart) return undefined;
          const lines = await cartLines(tx, cart.id);
          if (cart.coupon_id !== null && !cart.coupon_runs) cart = await settleCart(tx, cart, lines);
          return cartBody(tx, cart.id, base(request), { cart, lines });
        });
      }
      if (!body) return { status: 'success' as const, numOfCartItems: 0, data: { products: [], totalCartPrice: 0 } };
      return { status: 'success' as const, ...body };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Add one of a product (in a colour) to the cart',
        // color has no rule of its own: any value that is not one of the product's colours answers API.md's colour 400.
        body: Type.Object({
          productId: Type.String(),
          color: Type.Optional(
            Type.Unknown({ description: 'One of the product\'s colours (text); "", null or none for no colour' }),
          ),
        }),
        response: {
          200: Type.Object({
            status: Type.Literal('success'),
            message: Type.String(),
            numOfCartItems: Type.Integer(),
            data: Cart,
          }),
        },
      },
      preValidation: [customer, checks({ body: { productId: rules().required('productId is required').id() } })],
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const { productId } = body;
      const result = await ctx.db.tx(async (tx) => {
        const product = await findProductForCart(tx, productId);
        if (!product) throw notFound(`No document for this id ${productId}`);
        const requested = body.color === undefined || body.color === null ? '' : text(body.color);
        const color =
          requested === '' ? '' : product.available_colors.find((c) => c.toLowerCase() === requested?.toLowerCase());
        if (color === undefined) throw badRequest('This color is not available for this product');

        // Creating or touching the cart row locks it: the transaction either adds the line or rolls all of it back.
        const cart = await touchCart(tx, user.id);
        // The price always comes from the product (API.md §6.2), refreshed when the line grows.
        const added = await addOne(tx, cart.id, {
          productId: product.id,
          color,
          price: effectivePrice(product.price, product.price_after_discount),
          stock: Math.min(product.quantity, ctx.config.maxPerProduct),
        });
        if (!added) await assertStock(tx, cart.id, product, 1, ctx.config);
        const lines = await cartLines(tx, cart.id);
        assertCartTotal(lines);
        assertOrderSize(lines, ctx.config);
        return cartBody(tx, cart.id, base(request), { cart: await settleCart(tx, cart, lines), lines });
      });
      return { status: 'success' as const, message: 'Product added successfully to your cart', ...result };
    },
  );

  const applyCoupon = async (request: FastifyRequest<{ Body: { couponName?: unknown } }>) => {
    const user = currentUser(request);
    const couponName = text(request.body.couponName) ?? '';
    const outcome = await ctx.db.tx(async (tx) => {
      // The cart (locked) and the named coupon, if it exists and runs (names are unique ignoring case), in one read.
      const cart = await lockCartWithCouponNamed(tx, user.id, couponName);
      if (!cart) throw noCart(user.id);
      if (!cart.new_coupon_id) {
        // A refused coupon also removes the one applied before (as the original backend does); this must commit.
        await removeCoupon(tx, cart.id);
        return undefined;
      }
      const lines = await cartLines(tx, cart.id);
      const updated = await applyCouponToCart(
        tx,
        cart.id,
        { id: cart.new_coupon_id },
        applyDiscount(linesTotal(lines), Number(cart.discount)),
      );
      return { coupon: cart.new_coupon!, ...(await cartBody(tx, cart.id, base(request), { cart: updated, lines })) };
    });
    if (!outcome) throw badRequest('Coupon is invalid or has expired');
    const { coupon, ...cart } = outcome;
    return { status: 'success' as const, numOfCartItems: cart.numOfCartItems, coupon, data: cart.data };
  };
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/applyCoupon',
      schema: {
        tags,
        security: bearer,
        summary: 'Apply a coupon by name (replaces the applied one; a refused one removes it)',
        // Any value is read as text; what is not a running coupon's name answers `Coupon is invalid or has expired`.
        body: Type.Object({ couponName: Type.Optional(Type.Unknown({ description: 'Coupon name, any case' })) }),
        response: {
          200: Type.Object({
            status: Type.Literal('success'),
            numOfCartItems: Type.Integer(),
            coupon: Type.String(),
            data: Cart,
          }),
        },
      },
      preValidation: customer,
      handler: applyCoupon,
    });
  }

  const setCount = async (request: FastifyRequest<{ Params: { itemId: string }; Body: { count: unknown } }>) => {
    const user = currentUser(request);
    const { itemId } = request.params;
    const count = toInteger(request.body.count)!;
    const result = await ctx.db.tx(async (tx) => {
      const cart = await findCart(tx, user.id, { lock: true });
      if (!cart) throw noCart(user.id);
      const line = await findLine(tx, cart.id, itemId);
      if (!line) throw noLine(itemId);
      const product = (await findProductForCart(tx, line.product_id))!;
      await assertStock(tx, cart.id, product, count - line.count, ctx.config);
      await setLineCount(tx, line.id, count, effectivePrice(product.price, product.price_after_discount));
      const lines = await cartLines(tx, cart.id);
      assertCartTotal(lines);
      assertOrderSize(lines, ctx.config);
      return cartBody(tx, cart.id, base(request), { cart: await settleCart(tx, cart, lines), lines });
    });
    return { status: 'success' as const, ...result };
  };
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/:itemId',
      schema: {
        tags,
        security: bearer,
        summary: "Set a line's count (keeps a running coupon, drops an expired one)",
        params: ItemParams,
        body: Type.Object({ count: IntegerLike({ description: 'At least 1' }) }),
        response: { 200: CartResponse },
      },
      preValidation: [customer, checks({ params: idRules('itemId'), body: countRules })],
      handler: setCount,
    });
  }

  app.delete(
    '/:itemId',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Remove a line (keeps a running coupon, drops an expired one)',
        params: ItemParams,
        response: { 200: CartResponse },
      },
      preValidation: [customer, checks({ params: idRules('itemId') })],
    },
    async (request) => {
      const user = currentUser(request);
      const { itemId } = request.params;
      const result = await ctx.db.tx(async (tx) => {
        const cart = await findCart(tx, user.id, { lock: true });
        if (!cart) throw noCart(user.id);
        if (!(await removeLine(tx, cart.id, itemId))) throw noLine(itemId);
        const lines = await cartLines(tx, cart.id);
        return cartBody(tx, cart.id, base(request), { cart: await settleCart(tx, cart, lines), lines });
      });
      return { status: 'success' as const, ...result };
    },
  );

  app.delete(
    '/',
    {
      schema: { tags, security: bearer, summary: 'Empty the cart', response: { 204: NoContent } },
      preValidation: customer,
    },
    async (request, reply) => {
      await deleteCartOf(ctx.db, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { baseUrl, bodyOf } from '../../context';
import { notFound } from '../../lib/errors';
import { buildListQuery, listResponse, type ListSpec } from '../../lib/listQuery';
import { validateIdParam } from '../../lib/validate';
import { currentUser, requireAuth } from '../../plugins/auth';
import { createPaymentSession } from '../../payments/sessions';
import { ORDER_COLUMNS, findOrderJson, ordersJson } from './serialize';
import { checkCart, insertOrder, pricesChanged, readShippingAddress } from './service';

const ORDER_FIELDS: ListSpec['fields'] = {
  id: { column: 'o.order_number', type: 'int' },
  isPaid: { column: 'o.is_paid', type: 'bool' },
  isDelivered: { column: 'o.is_delivered', type: 'bool' },
  paymentMethodType: { column: 'o.payment_method_type', type: 'text' },
  totalOrderPrice: { column: 'o.total_order_price', type: 'money' },
  createdAt: { column: 'o.created_at', type: 'date' },
  updatedAt: { column: 'o.updated_at', type: 'date', sortOnly: true },
};
/** Customers list only their own orders, so `user` filters only for staff (API.md §2). */
const CUSTOMER_LIST: ListSpec = { fields: ORDER_FIELDS };
const STAFF_LIST: ListSpec = { fields: { ...ORDER_FIELDS, user: { column: 'o.user_id', type: 'id' } } };

export async function orderRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const customer = requireAuth(ctx, 'user');
  const staff = requireAuth(ctx, 'manager', 'admin');
  const anyone = requireAuth(ctx);
  const base = (request: FastifyRequest) => baseUrl(request, ctx.config);

  // Cash on delivery: API.md §6.4, all in one transaction.
  app.post('/:cartId', { preHandler: customer }, async (request, reply) => {
    const user = currentUser(request);
    const cartId = validateIdParam(request.params, 'cartId');
    const shippingAddress = (await readShippingAddress(request.body, 'body'))!;
    const order = await ctx.db.tx(async (tx) => {
      const checked = await checkCart(tx, user.id, cartId);
      if ('repriced' in checked) return undefined;
      const orderId = await insertOrder(tx, { userId: user.id, ...checked, shippingAddress, paymentMethodType: 'cash' });
      for (const line of checked.lines) {
        await tx.query('UPDATE products SET quantity = quantity - $2, sold = sold + $2, updated_at = now() WHERE id = $1', [line.productId, line.count]);
      }
      await tx.query('DELETE FROM carts WHERE id = $1', [checked.cartId]);
      return findOrderJson(tx, orderId, base(request));
    });
    // The refreshed cart was committed; no order was made.
    if (!order) throw pricesChanged();
    return reply.status(201).send({ status: 'success', data: order });
  });

  const checkoutSession = async (request: FastifyRequest) => {
    const cartId = validateIdParam(request.params, 'cartId');
    const fromBody = request.method === 'POST' && bodyOf(request).shippingAddress !== undefined;
    const shippingAddress = fromBody ? await readShippingAddress(request.body, 'body', true) : await readShippingAddress(request.query, 'query', true);
    const session = await createPaymentSession(ctx.db, ctx.config, { user: currentUser(request), cartId, shippingAddress, baseUrl: base(request) });
    return { status: 'success', session };
  };
  app.get('/checkout-session/:cartId', { preHandler: customer }, checkoutSession);
  app.post('/checkout-session/:cartId', { preHandler: customer }, checkoutSession);

  app.get('/', { preHandler: anyone }, async (request) => {
    const user = currentUser(request);
    const own = user.role === 'user';
    const q = buildListQuery(request.query as Record<string, unknown>, own ? CUSTOMER_LIST : STAFF_LIST, own ? ['o.user_id = $1'] : [], own ? [user.id] : []);
    const total = (await ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders o ${q.where}`, q.params))!.n;
    const rows = await ctx.db.query(
      `SELECT ${ORDER_COLUMNS} FROM orders o LEFT JOIN users u ON u.id = o.user_id ${q.where} ${q.orderBy}
       LIMIT $${q.params.length + 1} OFFSET $${q.params.length + 2}`,
      [...q.params, q.limit, q.offset],
    );
    return listResponse(await ordersJson(ctx.db, rows, base(request)), total, q);
  });

  app.get('/:id', { preHandler: anyone }, async (request) => {
    const user = currentUser(request);
    const id = validateIdParam(request.params);
    const order = await findOrderJson(ctx.db, id, base(request), user.role === 'user' ? user.id : undefined);
    if (!order) throw notFound(`No document for this id ${id}`);
    return { data: order };
  });

  // pay / deliver: false → true only; a repeated call keeps the first timestamp (API.md §6.6).
  for (const [action, flag, stamp] of [['pay', 'is_paid', 'paid_at'], ['deliver', 'is_delivered', 'delivered_at']] as const) {
    const handler = async (request: FastifyRequest) => {
      const id = validateIdParam(request.params);
      const updated = await ctx.db.one(
        `UPDATE orders SET ${flag} = true, ${stamp} = COALESCE(${stamp}, now()), updated_at = CASE WHEN ${flag} THEN updated_at ELSE now() END
         WHERE id = $1 RETURNING id`,
        [id],
      );
      if (!updated) throw notFound(`There is no order for this id: ${id}`);
      return { status: 'Success', data: await findOrderJson(ctx.db, id, base(request)) };
    };
    app.put(`/:id/${action}`, { preHandler: staff }, handler);
    app.patch(`/:id/${action}`, { preHandler: staff }, handler);
  }
}

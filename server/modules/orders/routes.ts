import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { baseUrl, imageBase } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { IdParams, field, fields } from '../../lib/fields';
import { Type, LIST_FILTERS, List, ListQueryFields, Success, bearer } from '../../lib/schemas';
import { orderLinesCsv, ordersCsv } from './export';
import { CashOrderInput, CheckoutInput, Order, PaymentSession, ShipmentInput } from './schemas';
import { shippingAddressOf } from '../addresses';
import { currentUser, requireAuth } from '../../plugins/auth';
import { createPaymentSession, returnOrigin } from '../../payments/sessions';
import { refundOrder } from '../../payments/refunds';
import { orderMailsSettled, sendOrderMail } from '../../mail/orderMail';
import { CUSTOMER_ORDER_LIST, STAFF_ORDER_LIST, listOrders, orderExists, orderSearch, ownOrders } from './repository';
import { cancelOwnOrder, findOrderJson, markOrderByStaff, ordersJson, placeCashOrder, pricesChanged } from './service';

const tags = ['orders'];
/** GET /orders: the list's parameters, and staff's `search`. */
const OrderListQuery = fields(
  {
    ...ListQueryFields,
    search: field
      .text("Staff only: order number (17 or #17), or part of the customer's name, e-mail or phone")
      .optional(),
  },
  { description: LIST_FILTERS, additionalProperties: true },
);
type CheckoutChoice = Static<typeof CheckoutInput>;

export async function orderRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const customer = requireAuth(ctx, 'user');
  const staff = requireAuth(ctx, 'manager', 'admin');
  const anyone = requireAuth(ctx);
  const base = (request: FastifyRequest) => imageBase(request, ctx);
  // A stopping server lets order e-mails being sent finish.
  app.addHook('onClose', orderMailsSettled);

  // Cash on delivery: API.md §6.4, all in one transaction.
  app.post(
    '/:cartId',
    {
      schema: {
        tags,
        security: bearer,
        summary: "Cash order from the customer's cart (API.md §6.4)",
        params: IdParams('cartId'),
        body: CashOrderInput,
        response: { 201: Success(Order) },
      },
      preValidation: customer,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { cartId } = request.params;
      const shippingAddress = await shippingAddressOf(ctx.db, request.body.shippingAddress);
      const orderId = await placeCashOrder(ctx.db, { userId: user.id, cartId, shippingAddress, limits: ctx.config });
      const order = orderId && (await findOrderJson(ctx.db, orderId, base(request)));
      // The refreshed cart was committed; no order was made.
      if (!order) throw pricesChanged();
      sendOrderMail(ctx, request.log, order, 'confirmed', base(request));
      return reply.status(201).send({ status: 'success', data: order });
    },
  );

  // The original web app opens it with GET and the address (if any) in the query; ours POSTs it in the body.
  const checkoutSession = async (
    request: FastifyRequest<{ Params: { cartId: string }; Querystring: CheckoutChoice; Body?: CheckoutChoice }>,
  ) => {
    const { cartId } = request.params;
    const choice = request.body?.shippingAddress ? request.body : request.query;
    const session = await createPaymentSession(ctx, {
      method: choice.paymentMethod,
      walletPhone: choice.walletPhone,
      user: currentUser(request),
      cartId,
      shippingAddress: choice.shippingAddress && (await shippingAddressOf(ctx.db, choice.shippingAddress)),
      baseUrl: baseUrl(request, ctx.config),
      returnOrigin: returnOrigin(request, ctx.config),
    });
    return { status: 'success' as const, session };
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/checkout-session/:cartId',
      schema: {
        tags,
        security: bearer,
        params: IdParams('cartId'),
        summary:
          method === 'GET'
            ? 'Open a card payment session for the cart (address, if any, in the query: shippingAddress[details]=…)'
            : 'Open a card payment session for the cart (address in the body, or in the query)',
        querystring: CheckoutInput,
        ...(method === 'POST' && { body: CheckoutInput }),
        response: { 200: Type.Object({ status: Type.Literal('success'), session: PaymentSession }) },
      },
      preValidation: customer,
      handler: checkoutSession,
    });
  }

  app.get(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: "List orders: a customer's own, or every order for staff (`search` by number, name, e-mail or phone)",
        querystring: OrderListQuery,
        response: { 200: List(Order) },
      },
      preValidation: anyone,
      config: { listSpec: STAFF_ORDER_LIST },
    },
    async (request) => {
      const user = currentUser(request);
      const own = user.role === 'user';
      const { query } = request;
      const search = own ? ownOrders(user.id) : orderSearch(query);
      const q = buildListQuery(query, own ? CUSTOMER_ORDER_LIST : STAFF_ORDER_LIST, search.conditions, search.params);
      const { rows, total, capped } = await listOrders(ctx.db, q);
      return listResponse(await ordersJson(ctx.db, rows, base(request)), total, q, capped);
    },
  );

  // The staff list's orders as CSV for a spreadsheet (ours): the same filters as GET /orders, all pages at once.
  const EXPORT_LIMIT = 50_000;
  for (const [file, summary] of [
    ['export.csv', 'The filtered orders as CSV, one line per order (manager, admin)'],
    ['export-lines.csv', "The filtered orders' products as CSV, one line per ordered product (manager, admin)"],
  ] as const) {
    app.get(
      `/${file}`,
      {
        schema: {
          tags,
          security: bearer,
          summary,
          // The filters of GET /orders (its page and limit are not used: every page is written).
          querystring: OrderListQuery,
          produces: ['text/csv'],
          response: { 200: Type.String({ description: 'CSV: UTF-8 with a byte-order mark, RFC 4180' }) },
        },
        preValidation: staff,
      },
      async (request, reply) => {
        const { query } = request;
        const search = orderSearch(query);
        const q = buildListQuery(query, STAFF_ORDER_LIST, search.conditions, search.params);
        const { rows } = await listOrders(ctx.db, { ...q, page: 1, limit: EXPORT_LIMIT, offset: 0 });
        const day = new Date().toISOString().slice(0, 10);
        const name = file === 'export.csv' ? `orders-${day}.csv` : `order-lines-${day}.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(file === 'export.csv' ? ordersCsv(rows) : await orderLinesCsv(ctx.db, rows));
      },
    );
  }

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: "One order: the customer's own, or any for staff",
        params: IdParams('id'),
        response: { 200: Type.Object({ data: Order }) },
      },
      preValidation: anyone,
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const order = await findOrderJson(ctx.db, id, base(request), user.role === 'user' ? user.id : undefined);
      if (!order) throw notFound(`No document for this id ${id}`);
      return { data: order };
    },
  );

  // pay / deliver: false → true only; a repeated call keeps the first timestamp (API.md §6.6). A cancelled order
  // is never paid or delivered: the row lock taken by UPDATE orders this against a concurrent cancel.
  for (const [action, step] of [
    ['pay', 'paid'],
    ['deliver', 'delivered'],
  ] as const) {
    const handler = async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const { id } = request.params;
      const updated = await markOrderByStaff(ctx.db, currentUser(request), id, { step });
      if (!updated) {
        if (await orderExists(ctx.db, id)) throw conflict('This order has been cancelled');
        throw notFound(`There is no order for this id: ${id}`);
      }
      // Only the first delivery is news to the customer.
      if (action === 'deliver' && !updated.was) sendOrderMail(ctx, request.log, id, 'delivered', base(request));
      return { status: 'Success' as const, data: (await findOrderJson(ctx.db, id, base(request)))! };
    };
    for (const method of ['PUT', 'PATCH'] as const) {
      app.route({
        method,
        url: `/:id/${action}`,
        schema: {
          tags,
          security: bearer,
          params: IdParams('id'),
          summary:
            action === 'pay' ? 'Mark an order paid (manager, admin)' : 'Mark an order delivered (manager, admin)',
          response: { 200: Type.Object({ status: Type.Literal('Success'), data: Order }) },
        },
        preValidation: staff,
        handler,
      });
    }
  }

  // Refund (ours): staff give the whole payment of an order paid online back through the provider that took it; the
  // order becomes cancelled and refunded, its stock back, once (payments/refunds.ts). The customer is mailed.
  app.post(
    '/:id/refund',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Refund an order paid online in full: cancelled and refunded, its stock back (manager, admin)',
        params: IdParams('id'),
        response: { 200: Success(Order) },
      },
      preValidation: staff,
    },
    async (request) => {
      const { id } = request.params;
      await refundOrder(ctx, currentUser(request), id, request.log);
      const order = (await findOrderJson(ctx.db, id, base(request)))!;
      sendOrderMail(ctx, request.log, order, 'refunded', base(request));
      return { status: 'success' as const, data: order };
    },
  );

  // confirm (ours: a cash order confirmed with the customer by phone) / ship (ours: handed to a courier). Staff only;
  // a cancelled order takes neither (409); the customer hears of each the first time.
  const staffStep = async (
    request: FastifyRequest<{ Params: { id: string }; Body?: Static<typeof ShipmentInput> }>,
    step: 'confirm' | 'ship',
  ) => {
    const { id } = request.params;
    const updated = await markOrderByStaff(
      ctx.db,
      currentUser(request),
      id,
      step === 'confirm' ? { step: 'confirmed' } : { step: 'shipped', shipment: request.body! },
    );
    if (!updated) {
      if (await orderExists(ctx.db, id)) throw conflict('This order has been cancelled');
      throw notFound(`There is no order for this id: ${id}`);
    }
    if (!updated.was) sendOrderMail(ctx, request.log, id, step === 'confirm' ? 'accepted' : 'shipped', base(request));
    return { status: 'success' as const, data: (await findOrderJson(ctx.db, id, base(request)))! };
  };
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/:id/confirm',
      schema: {
        tags,
        security: bearer,
        params: IdParams('id'),
        summary: 'Mark an order confirmed with the customer, e.g. a cash order by phone (manager, admin)',
        response: { 200: Success(Order) },
      },
      preValidation: staff,
      handler: (request: FastifyRequest<{ Params: { id: string } }>) => staffStep(request, 'confirm'),
    });
    app.route({
      method,
      url: '/:id/ship',
      schema: {
        tags,
        security: bearer,
        params: IdParams('id'),
        body: ShipmentInput,
        summary: 'Mark an order shipped with its courier and tracking (manager, admin); again to correct them',
        response: { 200: Success(Order) },
      },
      preValidation: staff,
      handler: (request: FastifyRequest<{ Params: { id: string }; Body: Static<typeof ShipmentInput> }>) =>
        staffStep(request, 'ship'),
    });
  }

  // Cancel (ours): the owner, while the order is neither paid nor delivered; its stock comes back in the same transaction.
  const cancel = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const user = currentUser(request);
    const { id } = request.params;
    await cancelOwnOrder(ctx.db, id, user.id);
    const order = (await findOrderJson(ctx.db, id, base(request)))!;
    return { status: 'success' as const, data: order };
  };
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/:id/cancel',
      schema: {
        tags,
        security: bearer,
        summary: "Cancel one's own order while it is neither paid nor delivered; its stock comes back",
        params: IdParams('id'),
        response: { 200: Success(Order) },
      },
      preValidation: customer,
      handler: cancel,
    });
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { shopOrigin, imageBase } from '../../context';
import { IdParams, field, fields } from '../../lib/fields';
import { Type, LIST_FILTERS, List, ListQueryFields, Success, bearer } from '../../lib/schemas';
import { exportOrders } from './export';
import { CashOrderInput, CheckoutInput, Order, PaymentSession, ShipmentInput } from './schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { returnOrigin } from '../payments';
import { orderMailsSettled } from '../../mail/orderMail';
import { STAFF_ORDER_LIST, cancelMyOrder, orderPage, readOrder, type StaffStep } from './service';
import { openCheckoutSession, orderCartByCash, refundPaidOrder, takeStaffStep, type OrderReply } from './workflows';

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
  const base = () => imageBase(ctx);
  const orderReply = (request: FastifyRequest): OrderReply => ({ base: base(), log: request.log });
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
      const order = await orderCartByCash(
        ctx,
        currentUser(request),
        { cartId: request.params.cartId, shippingAddress: request.body.shippingAddress },
        orderReply(request),
      );
      return reply.status(201).send({ status: 'success', data: order });
    },
  );

  // The original web app opens it with GET and the address (if any) in the query; ours POSTs it in the body.
  const checkoutSession = async (
    request: FastifyRequest<{ Params: { cartId: string }; Querystring: CheckoutChoice; Body?: CheckoutChoice }>,
  ) => {
    const choice = request.body?.shippingAddress ? request.body : request.query;
    const session = await openCheckoutSession(ctx, currentUser(request), request.params.cartId, choice, {
      baseUrl: shopOrigin(ctx.config),
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
    async (request) => orderPage(ctx.db, currentUser(request), request.query, base()),
  );

  // The staff list's orders as CSV for a spreadsheet (ours): the same filters as GET /orders, all pages at once.
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
        const { filename, csv } = await exportOrders(ctx.db, request.query, file === 'export.csv' ? 'orders' : 'lines');
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(csv);
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
    async (request) => ({ data: await readOrder(ctx.db, currentUser(request), request.params.id, base()) }),
  );

  // pay / deliver: false → true only; a repeated call keeps the first timestamp (API.md §6.6). A cancelled order
  // is never paid or delivered: the row lock taken by UPDATE orders this against a concurrent cancel.
  for (const [action, step] of [
    ['pay', 'paid'],
    ['deliver', 'delivered'],
  ] as const) {
    const handler = async (request: FastifyRequest<{ Params: { id: string } }>) => ({
      status: 'Success' as const,
      data: await takeStaffStep(ctx, currentUser(request), request.params.id, { step }, orderReply(request)),
    });
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
  // order becomes cancelled and refunded, its stock back, once (payments/service.ts). The customer is mailed.
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
    async (request) => ({
      status: 'success' as const,
      data: await refundPaidOrder(ctx, currentUser(request), request.params.id, orderReply(request)),
    }),
  );

  // confirm (ours: a cash order confirmed with the customer by phone) / ship (ours: handed to a courier). Staff only;
  // a cancelled order takes neither (409); the customer hears of each the first time.
  const staffStep = async (request: FastifyRequest<{ Params: { id: string } }>, change: StaffStep) => ({
    status: 'success' as const,
    data: await takeStaffStep(ctx, currentUser(request), request.params.id, change, orderReply(request)),
  });
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
      handler: (request: FastifyRequest<{ Params: { id: string } }>) => staffStep(request, { step: 'confirmed' }),
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
        staffStep(request, { step: 'shipped', shipment: request.body }),
    });
  }

  // Cancel (ours): the owner, while the order is neither paid nor delivered; its stock comes back in the same transaction.
  const cancel = async (request: FastifyRequest<{ Params: { id: string } }>) => ({
    status: 'success' as const,
    data: await cancelMyOrder(ctx.db, currentUser(request), request.params.id, base()),
  });
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

import type { FastifyBaseLogger } from 'fastify';
import type { Static } from 'typebox';
import type { AppContext, AuthUser } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import type { ImageBase } from '../../lib/images';
import { sendOrderMail, type OrderMailKind } from '../../mail/orderMail';
import { shippingAddressOf, type ShippingAddressInput } from '../addresses';
import type { AuditActor } from '../audit';
import { createPaymentSession, refundOrder } from '../payments';
import { orderExists } from './repository';
import type { CheckoutInput } from './schemas';
import { findOrderJson, markOrderByStaff, placeCashOrder, pricesChanged, type StaffStep } from './service';

/*
 * The orders endpoints that reach outside the order once it is written: the customer's mail (sent after the commit)
 * and the payment providers. They sit above the orders service, so that mail and payments depend on the orders
 * module (its index) and the orders module on neither.
 */

/** What an answer and the customer's mail take of the request: the base of image URLs, and the log of a failed mail. */
export interface OrderReply {
  base: ImageBase;
  log: FastifyBaseLogger;
}

/**
 * A cash order from the customer's cart (API.md §6.4), all in one transaction (placeCashOrder); the customer and the
 * owner are mailed once it has committed. Changed prices answer 409 after the refreshed cart was committed.
 */
export async function orderCartByCash(
  ctx: AppContext,
  user: AuthUser,
  input: { cartId: string; shippingAddress: Static<typeof ShippingAddressInput> },
  { base, log }: OrderReply,
) {
  const shippingAddress = await shippingAddressOf(ctx, input.shippingAddress);
  const { cartId } = input;
  const orderId = await placeCashOrder(ctx.db, { userId: user.id, cartId, shippingAddress, limits: ctx.config });
  const order = orderId && (await findOrderJson(ctx.db, orderId, base));
  // The refreshed cart was committed; no order was made.
  if (!order) throw pricesChanged();
  sendOrderMail(ctx, log, order, 'confirmed', base);
  return order;
}

/** Opens a card payment session for the customer's cart (API.md §6.5; payments/service.ts). */
export async function openCheckoutSession(
  ctx: AppContext,
  user: AuthUser,
  cartId: string,
  choice: Static<typeof CheckoutInput>,
  /** Where the provider calls back, and where the customer comes back to. */
  urls: { baseUrl: string; returnOrigin: string },
) {
  return createPaymentSession(ctx, {
    method: choice.paymentMethod,
    walletPhone: choice.walletPhone,
    user,
    cartId,
    shippingAddress: choice.shippingAddress && (await shippingAddressOf(ctx, choice.shippingAddress)),
    ...urls,
  });
}

/** The mail a step sends the customer the first time it is taken: being marked paid is none. */
const MAIL_OF_STEP: Record<StaffStep['step'], OrderMailKind | undefined> = {
  paid: undefined,
  delivered: 'delivered',
  confirmed: 'accepted',
  shipped: 'shipped',
};

/**
 * Staff mark an order paid or delivered (API.md §6.6: false → true only, a repeated call keeps the first timestamp),
 * confirmed with the customer or shipped (ours; shipping again corrects the courier and tracking). A cancelled order
 * takes none (409): the row lock orders the step against a concurrent cancel. The customer hears of a step the first
 * time it is taken.
 */
export async function takeStaffStep(
  ctx: AppContext,
  actor: AuditActor,
  id: string,
  change: StaffStep,
  { base, log }: OrderReply,
) {
  const updated = await markOrderByStaff(ctx.db, actor, id, change);
  if (!updated) {
    if (await orderExists(ctx.db, id)) throw conflict('This order has been cancelled');
    throw notFound(`There is no order for this id: ${id}`);
  }
  const mail = MAIL_OF_STEP[change.step];
  if (mail && !updated.was) sendOrderMail(ctx, log, id, mail, base);
  return (await findOrderJson(ctx.db, id, base))!;
}

/**
 * Staff refund an order paid online in full through the provider that took it (ours, payments/service.ts): cancelled
 * and refunded, its stock back, once. The customer is mailed.
 */
export async function refundPaidOrder(ctx: AppContext, actor: AuditActor, id: string, { base, log }: OrderReply) {
  await refundOrder(ctx, actor, id, log);
  const order = (await findOrderJson(ctx.db, id, base))!;
  sendOrderMail(ctx, log, order, 'refunded', base);
  return order;
}

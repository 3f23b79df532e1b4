// Staff-only answers (ours): the owner's dashboard and the audit log.
import { Type } from 'typebox';
import { DateTime, Url } from './answers';

/** Orders placed in a period, and their totals. */
export const Period = Type.Object({ orders: Type.Integer(), revenue: Type.Number({ description: 'EGP' }) });

/** GET /dashboard (manager, admin): orders and sales of the last 30 Cairo days, waiting orders, stock, best sellers. */
export const Dashboard = Type.Object({
  timeZone: Type.String(),
  today: Type.String({ description: 'YYYY-MM-DD in the shop time zone' }),
  periods: Type.Object({ today: Period, last7Days: Period, last30Days: Period }),
  daily: Type.Array(
    Type.Object({ date: Type.String({ description: 'YYYY-MM-DD' }), orders: Type.Integer(), revenue: Type.Number() }),
    { description: 'The last 30 days, oldest first' },
  ),
  awaiting: Type.Object({ payment: Type.Integer(), delivery: Type.Integer() }),
  stock: Type.Object({ outOfStock: Type.Integer(), low: Type.Integer(), lowThreshold: Type.Integer() }),
  bestSellers: Type.Array(
    Type.Object({
      product: Type.Object({ _id: Type.String(), title: Type.String(), imageCover: Type.Optional(Url()) }),
      sold: Type.Integer(),
      revenue: Type.Number(),
    }),
  ),
});

/** The changed fields, or null. */
const Values = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);

/** An entry of the audit log (serialize.ts). */
export const AuditEntry = Type.Object({
  _id: Type.String(),
  at: DateTime({ description: 'When the change was committed' }),
  actor: Type.Object(
    { _id: Type.String(), name: Type.String(), role: Type.String({ description: 'manager or admin' }) },
    { description: 'Who made the change, as they were then' },
  ),
  action: Type.String({ description: "What was done: '<target>.<verb>', e.g. 'product.update', 'order.paid'" }),
  target: Type.Object({
    type: Type.String({ description: 'order, coupon, user, zone, governorate, settings, product, category, …' }),
    id: Type.Union([Type.String(), Type.Null()], { description: "The target's id; null for the shop's settings" }),
  }),
  before: { ...Values, description: 'The changed fields as they were; null for a create' },
  after: { ...Values, description: 'The changed fields as they became; null for a delete' },
});

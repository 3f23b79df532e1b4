/**
 * What the audit log records: each action as `<target>.<verb>` and the kinds of thing an entry is about. One list for
 * the server, which may record only these, and the audit screen, which must name each of them (a missing label is
 * a compile error there).
 */
export const AUDIT_TARGETS = [
  'order',
  'coupon',
  'user',
  'zone',
  'governorate',
  'settings',
  'product',
  'category',
  'subcategory',
  'brand',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

export const AUDIT_ACTIONS = [
  'order.paid',
  'order.delivered',
  'order.confirmed',
  'order.shipped',
  'order.refunded',
  'coupon.create',
  'coupon.update',
  'coupon.delete',
  'user.create',
  'user.update',
  'user.delete',
  'user.password',
  'zone.create',
  'zone.update',
  'zone.delete',
  'governorate.create',
  'governorate.update',
  'governorate.delete',
  'settings.update',
  'product.create',
  'product.update',
  'product.delete',
  'product.import',
  'category.create',
  'category.update',
  'category.delete',
  'subcategory.create',
  'subcategory.update',
  'subcategory.delete',
  'brand.create',
  'brand.update',
  'brand.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

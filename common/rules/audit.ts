/**
 * What the audit log records: each action as `<target>.<verb>` and the kinds of thing an entry is about. One list for
 * the server, which may record only these, and the audit screen, which must name each of them (a missing label is
 * a compile error there).
 */

/** What staff do to a thing they manage: add it, change it, delete it. */
const EDITS = ['create', 'update', 'delete'] as const;
export type AuditEdit = (typeof EDITS)[number];

/** A kind of thing staff add, change and delete, named `label` (its Arabic name, which the audit screen shows). */
const edited = (label: string) => ({ label, actions: EDITS });

/**
 * Each kind of thing audited: its Arabic name and what may be done to it. A new resource the owner edits is one
 * `<name>: edited('<its Arabic name>')` line; the audit screen words its three actions from the name.
 */
const AUDITED = {
  order: { label: 'طلب', actions: ['paid', 'delivered', 'confirmed', 'shipped', 'refunded'] },
  coupon: edited('كوبون'),
  user: { label: 'مستخدم', actions: [...EDITS, 'password'] },
  zone: edited('منطقة شحن'),
  governorate: edited('محافظة'),
  settings: { label: 'اعدادات المتجر', actions: ['update'] },
  product: { label: 'منتج', actions: [...EDITS, 'import'] },
  category: edited('تصنيف'),
  subcategory: edited('تصنيف فرعي'),
  brand: edited('ماركة'),
} as const satisfies Record<string, { label: string; actions: readonly string[] }>;

type Audited = typeof AUDITED;
export type AuditTarget = keyof Audited;
export type AuditAction = { [T in AuditTarget]: `${T}.${Audited[T]['actions'][number]}` }[AuditTarget];

export const AUDIT_TARGETS = Object.keys(AUDITED) as AuditTarget[];

export const AUDIT_ACTIONS = AUDIT_TARGETS.flatMap((target) =>
  AUDITED[target].actions.map((verb) => `${target}.${verb}` as AuditAction),
);

/** The Arabic name of each kind of thing an entry is about. */
export const AUDIT_TARGET_LABELS = Object.fromEntries(
  AUDIT_TARGETS.map((target) => [target, AUDITED[target].label]),
) as Record<AuditTarget, string>;

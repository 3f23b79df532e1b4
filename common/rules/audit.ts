/**
 * What the audit log records: each action as `<target>.<verb>` and the kinds of thing an entry is about. One list for
 * the server, which may record only these, and the audit screen, which must name each of them (a missing label is
 * a compile error there).
 */

/** What staff do to a thing they manage: add it, change it, delete it. */
const EDITS = ['create', 'update', 'delete'] as const;
export type AuditEdit = (typeof EDITS)[number];

/** Each kind of thing audited, with what may be done to it; a new resource the owner edits is one `<name>: EDITS` line. */
const AUDITED = {
  order: ['paid', 'delivered', 'confirmed', 'shipped', 'refunded'],
  coupon: EDITS,
  user: [...EDITS, 'password'],
  zone: EDITS,
  governorate: EDITS,
  settings: ['update'],
  product: [...EDITS, 'import'],
  category: EDITS,
  subcategory: EDITS,
  brand: EDITS,
} as const satisfies Record<string, readonly string[]>;

type Audited = typeof AUDITED;
export type AuditTarget = keyof Audited;
export type AuditAction = { [T in AuditTarget]: `${T}.${Audited[T][number]}` }[AuditTarget];

export const AUDIT_TARGETS = Object.keys(AUDITED) as AuditTarget[];

export const AUDIT_ACTIONS = AUDIT_TARGETS.flatMap((target) =>
  AUDITED[target].map((verb) => `${target}.${verb}` as AuditAction),
);

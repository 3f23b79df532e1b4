import { formatDateTime } from '../../../common/format';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_LABELS,
  type AuditAction,
  type AuditEdit,
  type AuditTarget,
} from '../../../common/rules/audit';

/** The kinds of thing an entry is about, by their names in common/rules/audit.ts. */
export const TARGET_LABELS = AUDIT_TARGET_LABELS;

/** The three edits' words: an edit's label is its word and its target's ('اضافة كوبون'). */
const EDIT_LABELS: Record<AuditEdit, string> = { create: 'اضافة', update: 'تعديل', delete: 'حذف' };

/** The actions that are not one of the three edits, each in its own words. */
const OTHER_ACTION_LABELS: Record<Exclude<AuditAction, `${string}.${AuditEdit}`>, string> = {
  'order.paid': 'تأكيد دفع طلب',
  'order.delivered': 'تأكيد توصيل طلب',
  'order.confirmed': 'تأكيد طلب مع العميل',
  'order.shipped': 'شحن طلب',
  'order.refunded': 'استرداد مبلغ طلب',
  'user.password': 'تغيير كلمة مرور مستخدم',
  'product.import': 'استيراد ملف المنتجات',
};

function auditActionLabel(action: AuditAction): string {
  if (Object.hasOwn(OTHER_ACTION_LABELS, action))
    return OTHER_ACTION_LABELS[action as keyof typeof OTHER_ACTION_LABELS];
  const [target, edit] = action.split('.') as [AuditTarget, AuditEdit];
  return `${EDIT_LABELS[edit]} ${TARGET_LABELS[target]}`;
}

/** What each recorded action is called on the audit screen, in the list's order. */
export const ACTION_LABELS = Object.fromEntries(
  AUDIT_ACTIONS.map((action) => [action, auditActionLabel(action)]),
) as Record<AuditAction, string>;

export const ROLE_LABELS: Record<string, string> = { admin: 'المالك', manager: 'مشرف', user: 'عميل' };

/** The changed fields' names. */
const FIELD_LABELS: Record<string, string> = {
  isPaid: 'مدفوع',
  isDelivered: 'تم التوصيل',
  isConfirmed: 'مؤكد مع العميل',
  isShipped: 'تم الشحن',
  courier: 'شركة الشحن',
  trackingNumber: 'رقم التتبع',
  trackingUrl: 'رابط التتبع',
  isCancelled: 'ملغي',
  isRefunded: 'مسترد',
  refundId: 'رقم الاسترداد',
  name: 'الاسم',
  expire: 'تاريخ الانتهاء',
  discount: 'نسبة الخصم',
  email: 'البريد الالكتروني',
  phone: 'الهاتف',
  role: 'الدور',
  active: 'الحساب مفعل',
  code: 'الرمز',
  nameEn: 'الاسم بالانجليزية',
  fee: 'رسوم الشحن',
  freeShippingFrom: 'شحن مجاني من',
  cashOnDelivery: 'الدفع عند الاستلام',
  cashFee: 'رسوم الدفع عند الاستلام',
  governorates: 'المحافظات',
  shopName: 'اسم المتجر',
  shopAddress: 'عنوان المتجر',
  taxNumber: 'رقم التسجيل الضريبي',
  vatRate: 'نسبة الضريبة',
  defaultShippingFee: 'رسوم الشحن الافتراضية',
  cashMaxTotal: 'الحد الاقصى للدفع عند الاستلام',
  staffEmail: 'بريد فريق المتجر',
  lowStockLevel: 'حد المخزون المنخفض',
  title: 'اسم المنتج',
  description: 'الوصف',
  price: 'السعر',
  priceAfterDiscount: 'السعر بعد الخصم',
  quantity: 'الكمية',
  sku: 'رمز المنتج (SKU)',
  category: 'التصنيف',
  subcategories: 'التصنيفات الفرعية',
  brand: 'الماركة',
  colors: 'الالوان',
  imageCover: 'الصورة الرئيسية',
  images: 'الصور',
  // An import's counts.
  rows: 'اسطر الملف',
  created: 'منتجات جديدة',
  updated: 'منتجات محدثة',
  unchanged: 'بدون تغيير',
  newCategories: 'تصنيفات جديدة',
  newSubcategories: 'تصنيفات فرعية جديدة',
  newBrands: 'ماركات جديدة',
};

// An entry written by an older or newer server may name an action this list does not have: it is shown as stored.
export const actionLabel = (action: string) =>
  Object.hasOwn(ACTION_LABELS, action) ? ACTION_LABELS[action as AuditAction] : action;
export const targetLabel = (type: string) =>
  Object.hasOwn(TARGET_LABELS, type) ? TARGET_LABELS[type as AuditTarget] : type;
export const roleLabel = (role: string) => ROLE_LABELS[role] ?? role;
export const fieldLabel = (name: string) => FIELD_LABELS[name] ?? name;

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value in words: yes/no, a role, a moment, a list, or the value itself; nothing is a dash. */
export function valueText(name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'نعم' : 'لا';
  if (name === 'role' && typeof value === 'string') return roleLabel(value);
  if (typeof value === 'string' && ISO_MOMENT.test(value)) return formatDateTime(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText('', v)).join('، ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Each changed field of an entry, with its value before and after (— where there was none). */
export function changedFields(entry: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}) {
  const names = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return names.map((name) => ({
    name,
    label: fieldLabel(name),
    before: entry.before ? valueText(name, entry.before[name]) : null,
    after: entry.after ? valueText(name, entry.after[name]) : null,
  }));
}

/** Where the admin screens show the target, when they do. */
export function targetLink(target: { type: string; id: string | null }): string | undefined {
  if (!target.id) return target.type === 'settings' ? '/admin/settings' : undefined;
  if (target.type === 'order') return `/admin/orders/${encodeURIComponent(target.id)}`;
  if (target.type === 'product') return `/admin/editproduct/${encodeURIComponent(target.id)}`;
  if (target.type === 'coupon') return `/admin/editcoupon/${encodeURIComponent(target.id)}`;
  return undefined;
}

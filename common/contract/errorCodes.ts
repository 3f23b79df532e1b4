/**
 * Every error message the server answers, by a stable code: API.md's exact English (and the catalogue sheet's Arabic),
 * `<name>` standing for a value the message carries (an id, a field's name, a limit). The server derives the `code`
 * of each error answer from its message here (server/plugins/errors.ts); the web app words codes in Arabic and, for a
 * server that sends none (the original backend), derives the code from the message with the same table.
 *
 * One code per message and one message per code (tests/server/errorCodes.test.ts): a message worded for a new rule
 * gets its own line here. The lists are per area so that a screen's module imports only the area it words.
 */

/**
 * The Arabic of a list's codes, as the owner's screens say them, kept beside the list (a new resource's codes and
 * their Arabic are written together): `<name>` stands for the value the English message carries under the same name.
 */
export type ArabicOf<M> = Partial<Record<keyof M, string>>;

/** Requests as such: ids, bodies, uploads, routes, rights, limits and the server's own faults. */
export const REQUEST_ERRORS = {
  invalid_id: 'Invalid ID formate',
  invalid_value: 'Invalid value',
  invalid_filter_value: 'Invalid value for <name>',
  page_too_deep: 'Page is too deep; narrow the search',
  control_characters: 'Invalid <field>: control characters are not allowed',
  route_not_found: "Can't find this route: <url>",
  unsupported_media_type: 'Unsupported Media Type',
  invalid_json: 'Invalid JSON body',
  body_too_deep: 'Request body is nested too deeply',
  invalid_characters: 'Invalid characters in request',
  body_too_large: 'Request body is too large',
  invalid_multipart: 'Invalid multipart body',
  // @fastify/multipart's own, for a part named __proto__ (or another prototype property)
  multipart_prototype_field: 'prototype property is not allowed as field name',
  too_many_files: 'Too many files or unexpected file field: <field>',
  file_too_large: 'File too large',
  not_an_image: 'only images allowed',
  image_too_large: 'Image is too large: at most <megapixels> megapixels',
  image_url_invalid: 'image must be an absolute http(s) URL',
  too_many_requests: 'Too many requests, please try again later',
  service_unavailable: 'Service temporarily unavailable, please try again',
  server_error: 'Something went wrong, please try again later',
  forbidden: 'You are not allowed to perform this action',
  duplicate_value: 'Duplicate field value: "<value>". Please use another value!',
  no_document: 'No document for this id <id>',
  no_document_found: 'No document found for this id: <id>',
} as const;

/** Logging in, tokens, password reset and accounts (API.md §5.1, §5.2). */
export const ACCOUNT_ERRORS = {
  not_logged_in: 'You are not logged in. Please login to get access',
  token_expired: 'Expired Token. please login again',
  token_invalid: 'Invalid Token. please login again',
  token_user_gone: 'The user that belong to this token does no longer exist',
  token_before_password_change: 'User recently changed password! Please login again..',
  wrong_credentials: 'Incorrect email or password',
  no_user_for_email: 'There is no user with this email address <email>',
  mail_failed: 'There was an error sending the email. Try again later!',
  reset_code_invalid: 'Reset code is invalid or has expired',
  reset_code_not_verified: 'reset code not verified',
  email_required: 'Email required field',
  email_invalid: 'Invalid email formate',
  email_taken: 'E-mail already in use',
  name_too_long_50: 'must be at most 50 chars',
  password_required: 'Password required',
  new_password_required: 'Password Required',
  password_too_short: 'must be at least 6 chars',
  password_too_long: 'must be at most 72 chars',
  password_confirm_required: 'passwordConfirm is required field',
  password_confirm_missing: 'passwordConfirm required',
  password_confirmation_incorrect: 'Password confirmation is incorrect',
  current_password_required: 'currentPassword required',
  current_password_for_email: 'currentPassword is required to change the e-mail',
  current_password_incorrect: 'Incorrect current password',
  phone_invalid: 'accept only egypt phone numbers',
  role_invalid: 'Invalid role',
  active_invalid: 'active must be true or false',
} as const;

/** Products, categories, subcategories and brands, their images and the catalogue sheet (API.md §5.3–5.6). */
export const CATALOGUE_ERRORS = {
  name_too_short_2: 'must be at least 2 chars',
  name_too_short_3: 'must be at least 3 chars',
  category_name_too_long: 'Too long category name',
  brand_name_too_long: 'Too long brand name',
  category_has_products: 'Category still has products',
  subcategory_category_required: 'SubCategory must be belong to category',
  aliases_invalid: 'aliases must be text or a list of texts',
  aliases_too_many: 'Too many aliases (at most <max>)',
  alias_too_long_max: 'Too long alias (at most <max> characters)',
  product_title_required: 'Product required',
  product_title_too_long: 'Too long product title',
  product_description_required: 'Product description is required',
  product_description_too_long: 'Too long description',
  product_quantity_required: 'Product quantity is required',
  product_quantity_not_number: 'Product quantity must be a number',
  product_quantity_invalid: 'Product quantity must be a non-negative integer',
  product_price_required: 'Product price is required',
  product_price_not_number: 'Product price must be a number',
  product_price_too_large: 'To long price',
  product_price_not_positive: 'Product price must be greater than 0',
  product_discount_not_number: 'Product priceAfterDiscount must be a number',
  product_discount_negative: 'Product priceAfterDiscount must not be negative',
  product_discount_not_below_price: 'priceAfterDiscount must be lower than price',
  product_category_required: 'Product must be belong to a category',
  product_category_missing: 'No category exist for this id: <id>',
  product_brand_missing: 'No brand exist for this id: <id>',
  product_subcategories_invalid: 'Invalid subcategories Ids',
  product_subcategory_not_in_category: 'Subcategory not belong to category',
  product_cover_required: 'Product Image cover is required',
  product_color_invalid: 'Invalid color: <color>',
  product_sku_not_text: 'Product sku must be text',
  product_sku_too_long: 'Product sku must be at most <max> characters',
  product_sku_format: 'Product sku may hold only letters, digits and . _ - / between them',
  product_sku_taken: 'Another product has this sku: <sku>',
  product_id_invalid: 'Invalid Product Id formate',
  // Options and variants (ours, README "Variants").
  product_options_invalid: 'Product options must be a list of {name, values: [{value, hex?}]}',
  product_options_too_many: 'A product has at most <max> options',
  product_option_name_required: 'Every option needs a name and every value a text',
  product_option_too_long: 'An option name or value must be at most <max> characters',
  product_option_name_repeated: 'Two options have the same name: <name>',
  product_option_values_required: 'Option <name> needs at least one value',
  product_option_values_too_many: 'An option has at most <max> values',
  product_option_value_repeated: 'Option <name> has the value <value> twice',
  product_variants_invalid: 'Product variants must be a list of {options, quantity, price?, sku?…}',
  product_variants_required: 'A product with options needs its variants',
  product_variants_too_many: 'A product has at most <max> variants',
  product_variant_values_invalid: "Variant values must be one of each option's values, in the options' order: <values>",
  product_variant_repeated: 'Two variants have the same values: <values>',
  product_variant_quantity_invalid: 'Variant quantity must be a non-negative integer',
  product_variant_price_invalid: 'Variant price must be greater than 0',
  product_variant_discount_invalid: 'Variant priceAfterDiscount must be lower than its price',
  product_variant_sku_repeated: 'Two variants have the same sku: <sku>',
  product_variant_image_invalid: "Variant image must be one of the product's images",
  product_variant_unknown: 'No variant of this product for this id: <id>',
  product_variant_implicit: 'A product without options has its price, discount, SKU and image as a product',
  keyword_not_text: 'keyword must be text',
  keyword_too_long: 'keyword must be at most <max> chars',
  stock_products_too_many: 'At most <max> products',
  import_file_missing: 'أرفق ملف CSV للمنتجات',
  import_create_missing_invalid: 'createMissing must be true or false',
  import_csv_not_text: 'csv must be text',
  import_not_utf8: 'الملف ليس بترميز UTF-8: احفظه من Excel بصيغة "CSV UTF-8 (مفصول بفواصل)"',
  import_not_csv: 'الملف ليس CSV صالحاً<where>: <reason>',
  import_header: 'السطر الأول من الملف يجب أن يحمل أسماء الأعمدة: <columns> (كما في ملف التصدير)',
  import_too_many_rows: 'الملف فيه <rows> منتج، والحد الأقصى <max> في الملف الواحد',
  import_image: 'السطر <line>: الصورة "<name>" <reason>',
  import_images_not_zip: 'ملف الصور ليس ملف ZIP صالحاً',
  import_refused: 'لم يُطبق الاستيراد: <refused> من أسطر الملف مرفوضة، صححها ثم أعد المحاولة',
} as const;

/** The SKU's pattern, as the owner's form says it. */
const SKU_FORMAT_ARABIC = 'رمز المنتج (SKU) يتكون من حروف وارقام، وبينها فقط . _ - / او مسافة';

/** The owner's screens' Arabic for the catalogue's codes (`<name>`: the value the English message carries there). */
export const CATALOGUE_ARABIC: ArabicOf<typeof CATALOGUE_ERRORS> = {
  name_too_short_3: 'يجب ان يتكون الاسم من 3 احرف على الاقل',
  product_title_required: 'من فضلك ادخل اسم المنتج',
  product_title_too_long: 'اسم المنتج طويل جدا (الحد الاقصى 100 حرف)',
  product_description_required: 'من فضلك ادخل وصف المنتج',
  product_description_too_long: 'وصف المنتج طويل جدا (الحد الاقصى 2000 حرف)',
  product_quantity_required: 'من فضلك ادخل الكمية المتاحة',
  product_quantity_not_number: 'الكمية المتاحة يجب ان تكون رقما',
  product_quantity_invalid: 'الكمية المتاحة يجب ان تكون عددا صحيحا لا يقل عن 0',
  product_price_required: 'من فضلك ادخل السعر قبل الخصم',
  product_price_not_number: 'السعر قبل الخصم يجب ان يكون رقما',
  product_price_too_large: 'السعر كبير جدا',
  product_price_not_positive: 'السعر قبل الخصم يجب ان يكون اكبر من 0',
  product_discount_not_number: 'السعر بعد الخصم يجب ان يكون رقما',
  product_discount_negative: 'السعر بعد الخصم لا يمكن ان يكون سالبا',
  product_discount_not_below_price: 'السعر بعد الخصم يجب ان يكون اقل من السعر قبل الخصم',
  product_category_required: 'من فضلك اختر التصنيف الرئيسي',
  product_subcategories_invalid: 'بعض التصنيفات الفرعية المختارة لم تعد موجودة',
  product_subcategory_not_in_category: 'التصنيفات الفرعية المختارة لا تتبع التصنيف الرئيسي',
  product_cover_required: 'من فضلك اضف صورة للمنتج',
  product_sku_not_text: SKU_FORMAT_ARABIC,
  product_sku_too_long: 'رمز المنتج (SKU) طويل جدا (الحد الاقصى 64 حرفا)',
  product_sku_format: SKU_FORMAT_ARABIC,
  product_sku_taken: 'رمز المنتج <sku> مستخدم لمنتج اخر',
  product_color_invalid: 'لون غير صحيح: <color>',
  product_category_missing: 'التصنيف الرئيسي المختار لم يعد موجودا',
  product_brand_missing: 'الماركة المختارة لم تعد موجودة',
  // Options and variants (the product form's grid); each `<name>` in the English message's order.
  product_options_invalid: 'خيارات المنتج غير صحيحة',
  product_options_too_many: 'لا يمكن ان يزيد عدد الخيارات عن <max>',
  product_option_name_required: 'لكل خيار اسم، ولكل قيمة نص',
  product_option_too_long: 'اسم الخيار او القيمة طويل جدا (الحد الاقصى <max> حرفا)',
  product_option_name_repeated: 'يوجد خياران بنفس الاسم: <name>',
  product_option_values_required: 'اضف قيمة واحدة على الاقل للخيار <name>',
  product_option_values_too_many: 'لا يمكن ان يزيد عدد قيم الخيار عن <max>',
  product_option_value_repeated: 'في الخيار <name> القيمة <value> مكررة',
  product_variants_invalid: 'بيانات الانواع غير صحيحة',
  product_variants_required: 'اترك نوعا واحدا على الاقل',
  product_variants_too_many: 'لا يمكن ان يزيد عدد الانواع عن <max>',
  product_variant_values_invalid: 'النوع <values> لا يطابق قيم الخيارات',
  product_variant_repeated: 'النوع <values> مكرر',
  product_variant_quantity_invalid: 'الكمية يجب ان تكون عددا صحيحا لا يقل عن 0',
  product_variant_price_invalid: 'السعر قبل الخصم يجب ان يكون اكبر من 0',
  product_variant_discount_invalid: 'السعر بعد الخصم يجب ان يكون اقل من السعر قبل الخصم',
  product_variant_sku_repeated: 'رمز المنتج <sku> مكرر في اكثر من نوع',
  product_variant_image_invalid: 'صورة النوع يجب ان تكون من صور المنتج',
  product_variant_unknown: 'هذا النوع لم يعد موجودا، اعد تحميل الصفحة',
  product_variant_implicit: 'المنتج بدون خيارات: سعره ورمزه وصورته تعدل من بيانات المنتج',
  name_too_short_2: 'يجب ان يتكون الاسم من حرفين على الاقل',
  category_name_too_long: 'الاسم طويل جدا (الحد الاقصى 32 حرفا)',
  brand_name_too_long: 'الاسم طويل جدا (الحد الاقصى 32 حرفا)',
  subcategory_category_required: 'من فضلك اختر تصنيف رئيسي',
  category_has_products: 'لا يمكن حذف التصنيف لانه ما زال يحتوي على منتجات: انقل منتجاته الى تصنيف اخر او احذفها اولا',
};

/** Reviews (API.md §5.7). */
export const REVIEW_ERRORS = {
  review_required: 'Review required',
  review_too_long: 'Too long review',
  rating_invalid: 'Rating min value 1.0 and max 5.0',
  review_duplicate: 'You already added review on this product',
  review_not_found: 'There is no review for this id <id>',
} as const;

/** Addresses, and the governorate an address is placed in (API.md §5.9, README's API notes). */
export const ADDRESS_ERRORS = {
  address_alias_required: 'alias is required',
  address_alias_invalid: 'Invalid alias',
  address_alias_too_long: 'Too long alias',
  address_details_required: 'details is required',
  address_details_too_long: 'Too long details',
  address_phone_required: 'phone is required',
  address_city_invalid: 'Invalid city',
  address_city_too_long: 'Too long city',
  address_postal_code_invalid: 'Invalid postalCode',
  address_postal_code_too_long: 'Too long postalCode',
  address_not_found: 'There is no address for this id <id>',
  shipping_address_required: 'shippingAddress is required',
  shipping_details_required: 'shippingAddress.details is required',
  shipping_phone_required: 'shippingAddress.phone is required',
  governorate_invalid: 'Invalid governorate',
  // A city that names no governorate, or several: one code for both (README's API notes).
  governorate_unknown: [
    'لم نعرف محافظة المدينة «<city>»، من فضلك اختر المحافظة',
    'المدينة «<city>» تحتمل أكثر من محافظة، من فضلك اختر المحافظة',
  ],
  governorate_contradicts_city:
    'المدينة «<city>» في محافظة <governorates> وليست في محافظة <governorate>، راجع المحافظة أو المدينة',
} as const;

/** Cash on delivery refused for an order (README's API notes). */
export const CASH_ERRORS = {
  cash_not_available: 'Cash on delivery is not available for this address',
  cash_max_total: 'Cash on delivery is available for orders up to <max> EGP',
} as const;

/** The owner's governorates and shipping zones (README's API notes). */
export const ZONE_ERRORS = {
  governorates_unknown: 'Invalid governorate: <codes>',
  governorate_code_required: 'code is required',
  governorate_code_invalid: 'Invalid governorate code',
  governorate_not_found: 'There is no governorate for this code <code>',
  governorate_taken: 'A governorate with this code or name already exists',
  name_required: 'name is required',
  name_too_long: 'Too long name',
  name_en_required: 'nameEn is required',
  name_en_too_long: 'Too long nameEn',
  zone_taken: 'A zone with this name already exists',
  zone_not_found: 'There is no zone for this id <id>',
  zone_fee_required: 'fee is required',
  zone_fee_range: 'fee must be between 0 and <max>',
  zone_free_shipping_invalid: 'freeShippingFrom must be more than 0',
  cash_on_delivery_invalid: 'cashOnDelivery must be true or false',
  cash_fee_range: 'cashFee must be between 0 and <max>',
} as const;

/** Coupons (API.md §5.10). */
export const COUPON_ERRORS = {
  coupon_name_required: 'coupon name required',
  coupon_name_too_long: 'Too long coupon name',
  coupon_expire_required: 'coupon expire time required',
  coupon_expire_invalid: 'Invalid expire date',
  coupon_expire_past: 'Coupon expire date must be in the future',
  coupon_discount_required: 'coupon discount required',
  coupon_discount_not_number: 'coupon discount must be a number',
  coupon_discount_range: 'Discount must be greater than 0 and at most 100',
  coupon_invalid: 'Coupon is invalid or has expired',
} as const;

/** The owner's screens' Arabic for the coupons' codes (the coupon form says the last two itself, before sending). */
export const COUPON_ARABIC = {
  coupon_name_required: 'من فضلك ادخل اسم الكوبون',
  coupon_name_too_long: 'اسم الكوبون طويل جدا (الحد الاقصى 32 حرفا)',
  coupon_expire_required: 'من فضلك ادخل تاريخ الانتهاء',
  coupon_expire_invalid: 'تاريخ الانتهاء غير صحيح',
  coupon_discount_required: 'من فضلك ادخل نسبة الخصم',
  coupon_discount_not_number: 'نسبة الخصم يجب ان تكون رقما',
  coupon_expire_past: 'تاريخ الانتهاء لا يمكن ان يكون في الماضي',
  coupon_discount_range: 'نسبة الخصم يجب ان تكون اكبر من 0 ولا تزيد عن 100',
} as const satisfies ArabicOf<typeof COUPON_ERRORS>;

/** The cart (API.md §5.11). */
export const CART_ERRORS = {
  cart_product_required: 'productId is required',
  cart_count_invalid: 'count must be an integer of at least 1',
  cart_color_unavailable: 'This color is not available for this product',
  cart_not_enough_stock: 'Not enough stock for product: <title>',
  // Variants (ours): which option is missing, and a variant removed or sold out while in the cart.
  cart_option_missing: 'اختر <option> قبل الإضافة إلى العربة',
  cart_variant_unavailable: 'لم يعد «<title>» (<variant>) متاحاً: احذفه من العربة',
  cart_variant_not_enough: 'لا تكفي كمية «<title>» (<variant>): المتبقي <left>',
  cart_per_product_limit: 'You can order at most <max> of one product: <title>',
  cart_items_limit: 'An order can hold at most <max> items',
  cart_total_too_large: 'Cart total may be at most <max> EGP',
  cart_not_found: 'No cart exist for this user: <id>',
  cart_item_not_found: 'No Product Cart item found for this id: <id>',
  cart_missing: 'There is no cart for this user :<id>',
  cart_empty: 'Cart is empty',
  cart_prices_changed: 'Cart prices have changed, please review your cart',
} as const;

/** Orders and the staff's steps on them (API.md §5.12, README's API notes). */
export const ORDER_ERRORS = {
  order_not_found: 'There is no order for this id: <id>',
  order_cancelled: 'This order has been cancelled',
  order_not_cancellable: 'This order can no longer be cancelled',
  courier_required: 'courier is required',
  courier_too_long: 'Too long courier',
  tracking_number_invalid: 'Invalid trackingNumber',
  tracking_number_too_long: 'Too long trackingNumber',
  tracking_url_invalid: 'Invalid trackingUrl',
  tracking_url_too_long: 'Too long trackingUrl',
  tracking_url_not_link: 'trackingUrl must be an http(s) link',
} as const;

/** Card payments and refunds (README's API notes). */
export const PAYMENT_ERRORS = {
  payment_method_invalid: 'Invalid paymentMethod',
  card_payment_unavailable: 'Card payment is not available',
  payment_method_unavailable: 'This payment method is not available',
  wallet_phone_required: 'walletPhone is required for wallet payment',
  card_total_too_small: 'Order total is too small for card payment',
  payment_signature_invalid: 'Invalid signature',
  payment_provider_unavailable: 'The payment provider is unavailable, please try again',
} as const;

/** A staff refund of an order paid online (README's API notes). */
export const REFUND_ERRORS = {
  refund_already: 'This order has already been refunded',
  refund_not_online: 'Only an order paid online can be refunded',
  refund_no_payment: "This order's payment is not on record: refund it in the payment provider's dashboard",
  refund_kiosk: 'Paymob cannot refund a kiosk payment',
  refund_provider_not_configured: 'The payment provider that took this payment is not configured',
  refund_refused: 'The payment provider refused the refund',
} as const;

/** The shop's settings (README's API notes). */
export const SHOP_ERRORS = {
  shop_name_invalid: 'Invalid shopName',
  shop_name_too_long: 'Too long shopName',
  shop_address_invalid: 'Invalid shopAddress',
  shop_address_too_long: 'Too long shopAddress',
  tax_number_invalid: 'Invalid taxNumber',
  tax_number_too_long: 'Too long taxNumber',
  vat_rate_range: 'vatRate must be between 0 and 100',
  default_shipping_fee_range: 'defaultShippingFee must be between 0 and 1000000',
  cash_max_total_invalid: 'cashMaxTotal must be more than 0',
  staff_email_invalid: 'Invalid staffEmail',
  low_stock_level_invalid: 'lowStockLevel must be a whole number from 0',
} as const;

/** Every code with its message(s), the lists above together. */
export const ERROR_MESSAGES: typeof REQUEST_ERRORS &
  typeof ACCOUNT_ERRORS &
  typeof CATALOGUE_ERRORS &
  typeof REVIEW_ERRORS &
  typeof ADDRESS_ERRORS &
  typeof CASH_ERRORS &
  typeof ZONE_ERRORS &
  typeof COUPON_ERRORS &
  typeof CART_ERRORS &
  typeof ORDER_ERRORS &
  typeof PAYMENT_ERRORS &
  typeof REFUND_ERRORS &
  typeof SHOP_ERRORS = /* @__PURE__ */ Object.assign(
  {},
  REQUEST_ERRORS,
  ACCOUNT_ERRORS,
  CATALOGUE_ERRORS,
  REVIEW_ERRORS,
  ADDRESS_ERRORS,
  CASH_ERRORS,
  ZONE_ERRORS,
  COUPON_ERRORS,
  CART_ERRORS,
  ORDER_ERRORS,
  PAYMENT_ERRORS,
  REFUND_ERRORS,
  SHOP_ERRORS,
);

/** The owner's screens' Arabic of every area's codes, the Arabic lists above together. */
export const OWNER_ARABIC: ArabicOf<typeof ERROR_MESSAGES> = /* @__PURE__ */ Object.assign(
  {},
  CATALOGUE_ARABIC,
  COUPON_ARABIC,
);

export type ErrorCode = Extract<keyof typeof ERROR_MESSAGES, string>;

/** Codes and their messages: one message each, or the few a code has (never one message under two codes). */
export type Messages = Readonly<Record<string, string | readonly string[]>>;

/** A `<name>` in a message: a value it carries. */
const VALUE = /<[A-Za-z]+>/g;

interface Index {
  exact: Map<string, string>;
  /** Messages with values, the most literal text first, so 'Invalid <field>: control…' wins over 'Invalid <codes>'. */
  templates: Array<{ code: string; pattern: RegExp; literal: number }>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of a message with values: its text exact, each value any text (the values are captured). */
export const messagePattern = (template: string) =>
  new RegExp(`^${template.split(VALUE).map(escape).join('([\\s\\S]*?)')}$`);

const indexes = new WeakMap<Messages, Index>();

function indexOf(messages: Messages): Index {
  let index = indexes.get(messages);
  if (!index) {
    index = { exact: new Map(), templates: [] };
    for (const [code, message] of Object.entries(messages).flatMap(([code, m]) =>
      (typeof m === 'string' ? [m] : m).map((one) => [code, one] as const),
    )) {
      if (message.search(VALUE) === -1) index.exact.set(message, code);
      else index.templates.push({ code, pattern: messagePattern(message), literal: message.replace(VALUE, '').length });
    }
    index.templates.sort((a, b) => b.literal - a.literal);
    indexes.set(messages, index);
  }
  return index;
}

/** The code of a message the server answers, looked up in `messages` (an area's list, or ERROR_MESSAGES). */
export function errorCodeOf<M extends Messages>(message: string, messages: M): Extract<keyof M, string> | undefined {
  const index = indexOf(messages);
  const exact = index.exact.get(message);
  if (exact !== undefined) return exact as Extract<keyof M, string>;
  return index.templates.find(({ pattern }) => pattern.test(message))?.code as Extract<keyof M, string> | undefined;
}

/** The values a message carries, in the order of its `<name>`s: `messageValues('Invalid color: <color>', 'Invalid color: red')` → ['red']. */
export function messageValues(template: string, message: string): string[] {
  return messagePattern(template).exec(message)?.slice(1) ?? [];
}

/**
 * What the web app reads of an error message: its code (the one sent, else the message's) and the values it carries;
 * nothing for what is not a message.
 */
export function readMessage(message: unknown, sentCode: unknown): { code?: string; values?: string[] } {
  if (typeof message !== 'string') return {};
  const code = typeof sentCode === 'string' ? sentCode : errorCodeOf(message, ERROR_MESSAGES);
  if (code === undefined) return {};
  const messages: Messages = ERROR_MESSAGES;
  const own = Object.hasOwn(messages, code) ? [messages[code]].flat() : [];
  const template = own.find((one) => messagePattern(one).test(message));
  const values = template ? messageValues(template, message) : [];
  return { code, ...(values.length > 0 && { values }) };
}

// Types of the REST contract (shared/API.md §1), derived from the server's answer schemas in common/contract/: a change
// there breaks the web app (and its test fixtures) at compile time. Type-only imports: no schema code enters the bundle.
// Where a type differs from what our server answers, it is on purpose and said in one line: the app also runs against
// the original backend (API.md §8, absorbed by ./normalize.ts), which leaves some fields out or writes null for them.
// Ids are opaque strings: never parse or compare them as numbers. Optional fields may arrive missing or null (OrNull
// marks the fields the app has always met as null); treat both alike.
// Request bodies are typed in their src/api/<area>.ts: from these answers where they are an answer's fields
// (AddressInput, ReviewBody, CouponBody); hand-written where no answer has them (LoginBody, SignupBody, ProfileInput,
// the password changes), since the server declares its input with fields() in server/ (rules, messages), not common/.
import type { Static } from 'typebox';
import type * as Accounts from '../../common/contract/accounts';
import type * as Answers from '../../common/contract/answers';
import type * as CartContract from '../../common/contract/cart';
import type * as Catalogue from '../../common/contract/catalogue';
import type * as Orders from '../../common/contract/orders';
import type * as ShopContract from '../../common/contract/shop';

/** `T` with the keys `K` made optional, as one flat object type. */
type Optional<T, K extends keyof T> = Flat<Omit<T, K> & Partial<Pick<T, K>>>;
/** `T` with the keys `K` made required (what normalize.ts fills in), as one flat object type. */
type Filled<T, K extends keyof T> = Flat<Omit<T, K> & Required<Pick<T, K>>>;
type Flat<T> = { [P in keyof T]: T[P] } & {};
/** `T` whose (optional) fields `K` may also be null. */
type OrNull<T, K extends keyof T> = Flat<Omit<T, K> & { [P in K]?: T[P] | null }>;

export type Id = string;

export type Role = Static<typeof Accounts.Role>;

/** The original backend's saved addresses have no timestamps and may lack city and postal code. */
export type Address = OrNull<
  Optional<Static<typeof Accounts.Address>, 'city' | 'postalCode' | 'createdAt' | 'updatedAt'>,
  'governorate' | 'governorateName'
>;

/** One of Egypt's governorates (GET /delivery/governorates, ours). */
export type Governorate = Static<typeof ShopContract.Governorate>;

/** GET /delivery/quote (ours): what the caller's cart costs delivered to a governorate. Prices include VAT. */
export type DeliveryQuote = Static<typeof ShopContract.Quote>;

/** Why the pay page may not offer cash on delivery: off in the zone, off shop-wide, or the total is above the limit. */
export type CashRefusalReason = NonNullable<DeliveryQuote['cashOnDelivery']['reason']>;

/** The session keeps only normalizeUser's fields (SPEC §3), and the original backend has no slug or `active`. */
export type User = OrNull<
  Optional<Static<typeof Accounts.User>, 'slug' | 'active' | 'wishlist' | 'addresses' | 'createdAt' | 'updatedAt'>,
  'phone' | 'profileImg'
>;

/** `aliases` are ours (the original backend has none); the storefront needs no slug or timestamps either. */
type NamedImage = OrNull<
  Optional<Static<typeof Catalogue.NamedImage>, 'slug' | 'aliases' | 'createdAt' | 'updatedAt'>,
  'image'
>;
export type Category = NamedImage;
export type Brand = NamedImage;

/** As Category: `aliases` are ours. */
export type Subcategory = Optional<
  Static<typeof Catalogue.Subcategory>,
  'slug' | 'aliases' | 'createdAt' | 'updatedAt'
>;

type ReviewAnswer = Static<typeof Catalogue.Review>;
export type Review = Flat<Omit<ReviewAnswer, 'user'> & { user: OrNull<ReviewAnswer['user'], 'profileImg'> }>;

/**
 * A product after normalizeProduct: `imageCover` always a string ('' when none); `id` (a copy of `_id`) and `slug`
 * are never read; `reviews` only from GET /products/:id; `heldByUnpaidCash` only on the owner's screens (GET
 * /inventory/held, merged in by the admin list).
 */
export type Product = Flat<
  OrNull<
    Optional<Omit<Static<typeof Catalogue.Product>, 'imageCover'>, 'id' | 'slug' | 'createdAt' | 'updatedAt'>,
    'priceAfterDiscount' | 'brand'
  > & {
    imageCover: string;
    reviews?: Static<typeof Catalogue.ProductWithReviews>['reviews'];
    heldByUnpaidCash?: Static<typeof ShopContract.HeldList>['data'][number]['heldByUnpaidCash'];
  }
>;

/**
 * A product as populated inside cart, order and wishlist answers, after normalize.ts: image and ratings always there;
 * `quantity` (its stock now) only in cart answers of our server.
 */
export type ProductRef = Flat<
  OrNull<
    Omit<Filled<Static<typeof Catalogue.ProductRef>, 'ratingsAverage' | 'ratingsQuantity'>, 'imageCover'>,
    'category' | 'brand'
  > & {
    imageCover: string;
    quantity?: Static<typeof CartContract.CartProduct>['quantity'];
  }
>;

/** GET /products/suggestions (ours): what the top bar's search offers while the shopper types. */
export type SearchSuggestions = Static<typeof Catalogue.Suggestions>['data'];
/** GET /products/optionValues (ours): the listing's filter by option value. */
export type OptionValues = Static<typeof Catalogue.ProductOptionValues>['data'];

/** A cart line; its product is a normalized ProductRef. */
export type CartItem = Flat<Omit<Static<typeof CartContract.CartItem>, 'product'> & { product: ProductRef }>;

export type Cart = OrNull<
  Omit<Static<typeof CartContract.Cart>, 'products'> & { products: CartItem[] },
  'coupon' | 'totalAfterDiscount'
>;

/** `status` is whatever word the backend sends. */
export type CartResponse = Flat<
  Omit<Static<typeof CartContract.CartResponse>, 'status' | 'data'> & { status: string; data: Cart }
>;

type UserRef = OrNull<Static<typeof Accounts.UserRef>, 'phone' | 'profileImg'>;

export type OrderItem = Flat<Omit<Static<typeof Orders.OrderItem>, 'product'> & { product: ProductRef }>;

/** The original backend's shipping address may lack city and postal code. */
export type ShippingAddress = OrNull<
  Optional<Static<typeof Orders.ShippingAddress>, 'city' | 'postalCode'>,
  'governorate' | 'governorateName'
>;

/** Ours: who carries a shipped order, and where the customer follows it. */
export type Shipment = OrNull<Static<typeof Orders.Shipment>, 'trackingNumber' | 'trackingUrl'>;

export type OrderStep = Static<typeof Orders.OrderStep>;
export type OrderStatusStep = Static<typeof Orders.OrderStatusStep>;

/**
 * Optional here are our fields, which the original backend leaves out (normalizeOrder fills isCancelled, isRefunded
 * and statusHistory in, but the app still reads them as possibly missing).
 */
export type Order = OrNull<
  Optional<
    Omit<Static<typeof Orders.Order>, 'cartItems' | 'user' | 'shippingAddress' | 'shipment'>,
    'isCancelled' | 'isRefunded' | 'isConfirmed' | 'isShipped' | 'statusHistory' | 'cashFee' | 'updatedAt'
  > & { user: UserRef; cartItems: OrderItem[]; shippingAddress?: ShippingAddress; shipment?: Shipment },
  | 'shippingAddress'
  | 'shipment'
  | 'cashFee'
  | 'coupon'
  | 'paidAt'
  | 'deliveredAt'
  | 'cancelledAt'
  | 'refundedAt'
  | 'confirmedAt'
  | 'shippedAt'
>;

export type Coupon = Static<typeof ShopContract.Coupon>;

export type PaginationResult = Static<typeof Answers.PaginationResult>;

/**
 * Shape of every list endpoint (API.md §2), with `resultsCapped` (ours) and the products' `correctedKeyword` (ours).
 * Items are the web's own types: the server's List makes each item's fields optional for `fields=`, which the app
 * never narrows.
 */
export type ListResponse<T> = Flat<Omit<Static<typeof Catalogue.ProductList>, 'data'> & { data: T[] }>;

/** `{ data: T }` wrapper of single-object answers (DataOnly), over the web's own item types. */
export interface ItemResponse<T> {
  data: T;
}

export type AuthResponse = Flat<Omit<Static<typeof Accounts.UserWithToken>, 'data'> & { data: User }>;

/** What the app keeps of a validation error (toApiError reads `path`, else the original backend's `param`). */
export type FieldError = Pick<Static<typeof Answers.FieldErrorSchema>, 'msg' | 'path' | 'code'> & {
  /** What the message carries, in the order of its values in common/contract/errorCodes.ts (an id, a name, a limit). */
  values?: string[];
};

/**
 * What every failed call becomes (see toApiError); thunks reject with this. Hand-written: it is the web app's own
 * reading of an error (the HTTP status, no answer at all, Retry-After), not an answer of the server.
 */
export interface ApiError {
  status?: number;
  message: Static<typeof Answers.FailBody>['message'];
  /** The message's stable code (common/contract/errorCodes.ts): the one sent, else the message's (the original backend sends none). */
  code?: string;
  /** What the message carries (FieldError's `values`). */
  values?: string[];
  /** No answer came: offline, or the server could not be reached. */
  network?: boolean;
  /** A 429's Retry-After: how many seconds the server asks to wait before trying again. */
  retryAfter?: number;
  errors?: FieldError[];
}

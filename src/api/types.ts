// Types of the REST contract (shared/API.md §1). Ids are opaque strings: never parse or compare them as numbers.
// Optional fields may arrive missing or null; treat both alike.

export type Id = string;
type IsoDate = string;

export type Role = 'user' | 'manager' | 'admin';

export interface Address {
  _id: Id;
  alias: string;
  details: string;
  phone: string;
  city?: string;
  postalCode?: string;
  /** Ours: the governorate's code (ISO 3166-2:EG, e.g. EG-GZ), when the address has one. */
  governorate?: string | null;
  /** Ours: its Arabic name (for an order, as it was when the order was made). */
  governorateName?: string | null;
}

/** One of Egypt's governorates (GET /delivery/governorates, ours). */
export interface Governorate {
  /** ISO 3166-2:EG, e.g. EG-C (القاهرة). */
  code: string;
  /** Arabic name. */
  name: string;
  nameEn: string;
}

/** Why the pay page may not offer cash on delivery: off in the zone, off shop-wide, or the total is above the limit. */
export type CashRefusalReason = 'zone' | 'shop' | 'maxTotal';

/** GET /delivery/quote (ours): what the caller's cart costs delivered to a governorate. Prices include VAT. */
export interface DeliveryQuote {
  /** The items after the coupon. */
  itemsPrice: number;
  /** What the coupon took off the items. */
  discount: number;
  /** 0 from `freeShippingFrom` on. */
  shippingPrice: number;
  freeShippingFrom: number | null;
  /** `maxTotal`: the largest total taken in cash, with reason maxTotal. */
  cashOnDelivery: { allowed: boolean; fee: number; reason?: CashRefusalReason; maxTotal?: number };
  /** The VAT included in `totalOnline` (never added on top). */
  taxPrice: number;
  totalOnline: number;
  totalCash: number;
}

export interface User {
  _id: Id;
  name: string;
  email: string;
  phone?: string | null;
  role: Role;
  slug?: string;
  profileImg?: string | null;
  active?: boolean;
  wishlist?: Id[];
  addresses?: Address[];
  createdAt?: IsoDate;
  updatedAt?: IsoDate;
}

export interface Category {
  _id: Id;
  name: string;
  slug?: string;
  image?: string | null;
  createdAt?: IsoDate;
  updatedAt?: IsoDate;
}

export interface Subcategory {
  _id: Id;
  name: string;
  slug?: string;
  category: Id;
  createdAt?: IsoDate;
  updatedAt?: IsoDate;
}

export interface Brand {
  _id: Id;
  name: string;
  slug?: string;
  image?: string | null;
  createdAt?: IsoDate;
  updatedAt?: IsoDate;
}

export interface Review {
  _id: Id;
  review: string;
  rating: number;
  user: { _id: Id; name: string; profileImg?: string | null };
  product: Id;
  createdAt?: IsoDate;
  updatedAt?: IsoDate;
}

export interface Product {
  _id: Id;
  /** The owner's stock-keeping code, when it has one. */
  sku?: string;
  title: string;
  slug?: string;
  description: string;
  quantity: number;
  sold: number;
  price: number;
  /** Below 1 means "no discount" (SPEC §9). */
  priceAfterDiscount?: number | null;
  availableColors: string[];
  imageCover: string;
  images: string[];
  category: Id;
  subcategory: Id[];
  brand?: Id | null;
  /** Always a number after normalizeProduct (the original backend omits it before the first review). */
  ratingsAverage: number;
  ratingsQuantity: number;
  /** Only from GET /products/:id. */
  reviews?: Review[];
  /** The owner's screens only (GET /inventory/held): units held by cash orders not yet paid or delivered. */
  heldByUnpaidCash?: number;
  createdAt?: IsoDate;
  updatedAt?: IsoDate;
}

/** A product as populated inside cart, order and wishlist answers. */
export interface ProductRef {
  _id: Id;
  title: string;
  imageCover: string;
  ratingsAverage: number;
  ratingsQuantity: number;
  category?: { _id?: Id; name: string } | null;
  brand?: { _id?: Id; name: string } | null;
  /** The product's stock now: in cart answers of our server only (ours). */
  quantity?: number;
}

/** GET /products/suggestions (ours): what the top bar's search offers while the shopper types. */
export interface SearchSuggestions {
  products: Pick<Product, '_id' | 'title' | 'imageCover' | 'price' | 'priceAfterDiscount'>[];
  categories: { _id: Id; name: string }[];
  brands: { _id: Id; name: string }[];
}

export interface CartItem {
  /** Line id, used by PUT/DELETE /cart/:itemId. */
  _id: Id;
  product: ProductRef;
  count: number;
  /** '' = no colour. */
  color: string;
  price: number;
}

export interface Cart {
  /** Missing while the customer has no cart yet. */
  _id?: Id;
  cartOwner?: Id;
  products: CartItem[];
  totalCartPrice: number;
  coupon?: string | null;
  totalAfterDiscount?: number | null;
  /** Ours: a coupon that expired or was deleted and left the cart; said once, in the next answer (API notes). */
  couponRemoved?: string;
}

export interface CartResponse {
  status: string;
  numOfCartItems: number;
  data: Cart;
}

interface UserRef {
  _id: Id;
  name: string;
  email: string;
  phone?: string | null;
  profileImg?: string | null;
}

export interface OrderItem {
  _id: Id;
  product: ProductRef;
  count: number;
  color: string;
  price: number;
}

export interface ShippingAddress {
  /** The saved address's nickname ("المنزل"), ours; `details` holds the street and area. */
  alias?: string;
  details: string;
  phone: string;
  city?: string;
  postalCode?: string;
  /** Ours: the governorate's code and its Arabic name when the order was made. */
  governorate?: string | null;
  governorateName?: string | null;
}

/** Ours: who carries a shipped order, and where the customer follows it. */
export interface Shipment {
  courier: string;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
}

export interface Order {
  _id: Id;
  /** Order number shown to people. */
  id: number;
  user: UserRef;
  cartItems: OrderItem[];
  shippingAddress?: ShippingAddress | null;
  /** The VAT included in `totalOrderPrice` (ours; never added on top). */
  taxPrice: number;
  shippingPrice: number;
  /** Ours: the cash-on-delivery fee, part of `totalOrderPrice`. */
  cashFee?: number | null;
  totalOrderPrice: number;
  paymentMethodType: 'cash' | 'card';
  isPaid: boolean;
  paidAt?: IsoDate | null;
  isDelivered: boolean;
  deliveredAt?: IsoDate | null;
  /** Ours: cancelled by its customer (never paid or delivered afterwards). */
  isCancelled?: boolean;
  cancelledAt?: IsoDate | null;
  /** Ours: staff gave the whole online payment back (the order is then cancelled too). */
  isRefunded?: boolean;
  refundedAt?: IsoDate | null;
  /** Ours: staff confirmed the (cash) order by phone. */
  isConfirmed?: boolean;
  confirmedAt?: IsoDate | null;
  /** Ours: handed to a courier. */
  isShipped?: boolean;
  shippedAt?: IsoDate | null;
  shipment?: Shipment | null;
  /** Ours: the steps reached, oldest first (normalizeOrder derives it when the backend sends none). */
  statusHistory?: OrderStatusStep[];
  coupon?: string | null;
  createdAt: IsoDate;
  updatedAt?: IsoDate;
}

export type OrderStep = 'placed' | 'confirmed' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

export interface OrderStatusStep {
  status: OrderStep;
  at: IsoDate;
}

export interface Coupon {
  _id: Id;
  name: string;
  expire: IsoDate;
  /** Percentage, 0 < d ≤ 100. */
  discount: number;
  createdAt?: IsoDate;
  updatedAt?: IsoDate;
}

export interface PaginationResult {
  currentPage: number;
  limit: number;
  numberOfPages: number;
  nextPage?: number;
  prevPage?: number;
}

/** Shape of every list endpoint (API.md §2). */
export interface ListResponse<T> {
  results: number;
  paginationResult: PaginationResult;
  data: T[];
  /** Products (ours): the keyword with typos replaced by the shop's words, when the search used those. */
  correctedKeyword?: string;
}

/** `{ data: T }` wrapper of single-object answers. */
export interface ItemResponse<T> {
  data: T;
}

export interface AuthResponse {
  data: User;
  token: string;
}

export interface FieldError {
  msg: string;
  path: string;
}

/** What every failed call becomes (see toApiError); thunks reject with this. */
export interface ApiError {
  status?: number;
  message: string;
  /** No answer came: offline, or the server could not be reached. */
  network?: boolean;
  /** A 429's Retry-After: how many seconds the server asks to wait before trying again. */
  retryAfter?: number;
  errors?: FieldError[];
}

// The ONE place that absorbs the differences of the original backend (API.md §8), so the rest of the
// app can trust the types of ./types.ts whichever server answers. Our server already satisfies
// everything here; these functions are then no-ops.
import { API_ORIGIN } from './client';
import type {
  ApiError,
  Cart,
  CartItem,
  CartResponse,
  Order,
  OrderItem,
  OrderStatusStep,
  Product,
  ProductRef,
  User,
} from './types';

type ImageFolder = 'products' | 'categories' | 'brands';

function apiOrigin(): string {
  return API_ORIGIN || window.location.origin;
}

/** Absolute URL of an image value: absolute values pass; bare file names become `<origin>/<folder>/<name>`. */
export function imageUrl(value: string, folder?: ImageFolder): string;
export function imageUrl(value: string | null | undefined, folder?: ImageFolder): string | undefined;
export function imageUrl(value: string | null | undefined, folder: ImageFolder = 'products'): string | undefined {
  if (!value) return undefined;
  if (/^(https?:|data:|blob:)/i.test(value) || value.startsWith('//')) return value;
  if (value.startsWith('/')) return `${apiOrigin()}${value}`;
  return `${apiOrigin()}/${folder}/${value}`;
}

/** An answer as it may arrive: any field missing, nested products possibly unnormalized. */
type Loose<T> = Partial<T>;
type RawLine<T extends { product: ProductRef }> = Omit<Partial<T>, 'product'> & { product: Partial<ProductRef> };

/** Full product from list/detail/wishlist answers: absolute images, ratings always numbers. */
export function normalizeProduct(raw: Loose<Product>): Product {
  return {
    ...(raw as Product),
    imageCover: imageUrl(raw.imageCover) ?? '',
    images: (raw.images ?? []).map((img) => imageUrl(img)),
    availableColors: raw.availableColors ?? [],
    ...(raw.variants ? { variants: raw.variants.map((v) => ({ ...v, image: imageUrl(v.image) })) } : {}),
    subcategory: raw.subcategory ?? [],
    ratingsAverage: raw.ratingsAverage ?? 0,
    ratingsQuantity: raw.ratingsQuantity ?? 0,
  };
}

/** Populated product inside cart, order and wishlist items. */
function normalizeProductRef(raw: Loose<ProductRef>): ProductRef {
  return {
    ...(raw as ProductRef),
    imageCover: imageUrl(raw.imageCover) ?? '',
    ratingsAverage: raw.ratingsAverage ?? 0,
    ratingsQuantity: raw.ratingsQuantity ?? 0,
  };
}

export const EMPTY_CART_RESPONSE: CartResponse = Object.freeze({
  status: 'success',
  numOfCartItems: 0,
  data: Object.freeze({ products: [], totalCartPrice: 0 }) as Cart,
}) as CartResponse;

/** True when the cart lines carry bare product ids (the original backend's POST /cart answer). */
export function hasUnpopulatedProducts(body: { data?: { products?: Array<{ product?: unknown }> } }): boolean {
  return (body.data?.products ?? []).some((line) => typeof line.product !== 'object' || line.product === null);
}

interface RawCartResponse {
  status?: string;
  numOfCartItems?: number;
  data?: Omit<Loose<Cart>, 'products'> & { products?: RawLine<CartItem>[] };
}

export function normalizeCartResponse(raw: RawCartResponse | '' | null | undefined): CartResponse {
  if (!raw || !raw.data) return EMPTY_CART_RESPONSE;
  const products = (raw.data.products ?? []).map((line) => ({
    ...(line as CartItem),
    color: line.color ?? '',
    product: normalizeProductRef(line.product),
    ...(line.variant ? { variant: { ...line.variant, image: imageUrl(line.variant.image) } } : {}),
  }));
  return {
    status: raw.status ?? 'success',
    numOfCartItems: raw.numOfCartItems ?? products.length,
    data: { ...(raw.data as Cart), products, totalCartPrice: raw.data.totalCartPrice ?? 0 },
  };
}

/** The original backend answers 404 to GET /cart when the customer has no cart yet. */
export function isMissingCart(error: ApiError): boolean {
  return error.status === 404;
}

/** The original backend sends no history: the steps come from its timestamps (placed, paid, delivered), oldest first. */
function derivedHistory(raw: Loose<Order>): OrderStatusStep[] {
  const steps: [OrderStatusStep['status'], string | null | undefined][] = [
    ['placed', raw.createdAt],
    ['paid', raw.paidAt],
    ['delivered', raw.deliveredAt],
  ];
  return steps
    .filter((step): step is [OrderStatusStep['status'], string] => Boolean(step[1]))
    .map(([status, at]) => ({ status, at }))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

export function normalizeOrder(raw: Omit<Loose<Order>, 'cartItems'> & { cartItems?: RawLine<OrderItem>[] }): Order {
  return {
    ...(raw as Order),
    isCancelled: raw.isCancelled ?? false,
    isRefunded: raw.isRefunded ?? false,
    statusHistory: raw.statusHistory ?? derivedHistory(raw as Loose<Order>),
    cartItems: (raw.cartItems ?? []).map((item) => ({
      ...(item as OrderItem),
      color: item.color ?? '',
      product: normalizeProductRef(item.product),
      ...(item.variant ? { variant: { ...item.variant, image: imageUrl(item.variant.image) } } : {}),
    })),
  };
}

/** The user fields the app keeps (SPEC §3); the original backend also sends the password hash, which must never be stored. */
export function normalizeUser(raw: User): User {
  const { _id, name, email, phone, role } = raw;
  return { _id, name, email, phone, role };
}

const WRONG_CREDENTIALS_MESSAGE = 'Incorrect email or password';

/** A failed login: ours answers 401; the original backend answers 500 with the same message. */
export function isWrongCredentials(error: ApiError): boolean {
  return error.status === 401 || error.message === WRONG_CREDENTIALS_MESSAGE;
}

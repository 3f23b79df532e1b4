import { http, HttpResponse } from 'msw';
import { customer, products, TOKEN } from '../fixtures';

// The ORIGINAL backend's answers (API.md §8) for the flows our app must also run against it: cart (404 when there
// is none, bare product ids from POST /cart, bare image file names inside nested products, no ratingsQuantity),
// coupon, cash order, card checkout by GET, and a wrong login answered with 500. Stateful: call
// originalBackendHandlers() for a fresh backend in each test: server.use(...originalBackendHandlers()).

const ts = { createdAt: '2024-03-28T10:15:00.000Z', updatedAt: '2024-03-28T10:15:00.000Z', __v: 0 };
/** E's development-mode extras on every error body; the app must ignore them. */
const devError = { error: { statusCode: 500, isOperational: true }, stack: 'Error: …\n    at …' };

export const ORIGINAL_IMAGE_FILE = 'products-9f1c2b-1711620900000-cover.jpeg';
export const ORIGINAL_PAYMENT_URL = 'https://checkout.stripe.com/c/pay/cs_test_a1';

const storedProducts = products.map((p, i) => ({
  _id: p._id,
  id: p._id,
  title: p.title,
  imageCover: i === 0 ? ORIGINAL_IMAGE_FILE : 'products-shirt-cover.jpeg',
  price: p.priceAfterDiscount && p.priceAfterDiscount >= 1 ? p.priceAfterDiscount : p.price,
  // E: ratingsAverage missing until the first review; never ratingsQuantity in cart products.
  ...(p.ratingsQuantity > 0 ? { ratingsAverage: p.ratingsAverage } : {}),
  category: { name: i === 0 ? 'الكترونيات' : 'ملابس رجالي' },
  brand: { name: i === 0 ? 'سامسونج' : 'بدون ماركة' },
}));

interface Line {
  _id: string;
  product: string;
  count: number;
  color: string;
  price: number;
}

export function originalBackendHandlers() {
  let cart: { _id: string; lines: Line[]; coupon?: string; totalAfterDiscount?: number } | null = null;
  const orders: Array<Record<string, unknown>> = [];
  const total = () => (cart ? cart.lines.reduce((s, l) => s + l.price * l.count, 0) : 0);
  const body = (populate: boolean) => ({
    status: 'success',
    numOfCartItems: cart!.lines.length,
    data: {
      _id: cart!._id,
      cartOwner: customer._id,
      products: cart!.lines.map((l) => ({
        ...l,
        product: populate ? storedProducts.find((p) => p._id === l.product) : l.product,
      })),
      totalCartPrice: total(),
      ...(cart!.coupon ? { coupon: cart!.coupon, totalAfterDiscount: cart!.totalAfterDiscount } : {}),
      ...ts,
    },
  });

  return [
    http.post('*/api/v1/auth/login', async ({ request }) => {
      const { email, password } = (await request.json()) as { email?: string; password?: string };
      if (email !== customer.email || password !== 'Passw0rd!') {
        return HttpResponse.json(
          { status: 'error', message: 'Incorrect email or password', ...devError },
          { status: 500 },
        );
      }
      return HttpResponse.json({ data: { ...customer, password: '$2a$12$hash' }, token: TOKEN }, { status: 201 });
    }),
    http.get('*/api/v1/cart', () =>
      cart
        ? HttpResponse.json(body(true))
        : HttpResponse.json(
            { status: 'fail', message: `No cart exist for this user: ${customer._id}`, ...devError },
            { status: 404 },
          ),
    ),
    http.post('*/api/v1/cart', async ({ request }) => {
      const { productId, color } = (await request.json()) as { productId: string; color: string };
      const product = storedProducts.find((p) => p._id === productId)!;
      cart ??= { _id: 'e-cart-1', lines: [] };
      const line = cart.lines.find((l) => l.product === productId && l.color === color);
      if (line) line.count += 1;
      else
        cart.lines.push({
          _id: `e-line-${cart.lines.length + 1}`,
          product: productId,
          count: 1,
          color,
          price: product.price,
        });
      cart.coupon = undefined;
      return HttpResponse.json({ ...body(false), message: 'Product added successfully to your cart' });
    }),
    http.put('*/api/v1/cart/applyCoupon', async ({ request }) => {
      const { couponName } = (await request.json()) as { couponName: string };
      if (!cart)
        return HttpResponse.json(
          { status: 'error', message: "Cannot read properties of null (reading 'cartItems')", ...devError },
          { status: 500 },
        );
      if (couponName !== 'SALE10')
        return HttpResponse.json(
          { status: 'fail', message: 'Coupon is invalid or expired', ...devError },
          { status: 400 },
        );
      cart.coupon = 'SALE10';
      cart.totalAfterDiscount = Number((total() * 0.9).toFixed(2));
      return HttpResponse.json(body(false));
    }),
    http.delete('*/api/v1/cart', () => {
      cart = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/addresses', () =>
      HttpResponse.json({
        status: 'success',
        results: 1,
        data: [{ _id: 'e-addr-1', alias: 'المنزل', details: 'القاهرة', phone: '01012345678' }],
      }),
    ),
    http.get('*/api/v1/orders/checkout-session/:cartId', () =>
      HttpResponse.json({
        status: 'success',
        session: { id: 'cs_test_a1', object: 'checkout.session', url: ORIGINAL_PAYMENT_URL },
      }),
    ),
    http.post('*/api/v1/orders/:cartId', ({ params }) => {
      if (!cart || cart._id !== params.cartId) {
        return HttpResponse.json(
          { status: 'fail', message: `There is no cart for this user :${customer._id}` },
          { status: 404 },
        );
      }
      const order = {
        _id: `e-order-${orders.length + 1}`,
        id: orders.length + 1,
        user: { _id: customer._id, name: customer.name, email: customer.email, phone: customer.phone },
        cartItems: cart.lines.map((l) => {
          const p = storedProducts.find((sp) => sp._id === l.product)!;
          // E's orders populate products without category or brand.
          return {
            ...l,
            product: {
              _id: p._id,
              id: p._id,
              title: p.title,
              imageCover: p.imageCover,
              ratingsAverage: p.ratingsAverage,
            },
          };
        }),
        taxPrice: 0,
        shippingPrice: 0,
        totalOrderPrice: cart.totalAfterDiscount ?? total(),
        paymentMethodType: 'cash',
        isPaid: false,
        isDelivered: false,
        ...ts,
      };
      orders.unshift(order);
      cart = null;
      // E answers the creation with unpopulated ids.
      return HttpResponse.json(
        { status: 'success', data: { ...order, user: customer._id, cartItems: [] } },
        { status: 201 },
      );
    }),
    http.get('*/api/v1/orders', () =>
      HttpResponse.json({
        results: orders.length,
        paginationResult: { currentPage: 1, limit: 5, numberOfPages: orders.length ? 1 : 0 },
        data: orders,
      }),
    ),
    // E has no delivery routes: its catch-all answers every unknown path with 404.
    http.get('*/api/v1/delivery/*', ({ request }) =>
      HttpResponse.json(
        { status: 'fail', message: `Can't find this route: ${new URL(request.url).pathname}`, ...devError },
        { status: 404 },
      ),
    ),
  ];
}

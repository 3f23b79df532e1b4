import {
  EMPTY_CART_RESPONSE,
  hasUnpopulatedProducts,
  imageUrl,
  isWrongCredentials,
  normalizeCartResponse,
  normalizeOrder,
  normalizeProduct,
} from '../../src/api/normalize';
import { cart, products } from './mocks/fixtures';

// jsdom's origin; VITE_API_URL is unset in tests, so the API shares the page's origin.
const origin = window.location.origin;

describe('imageUrl', () => {
  it('keeps absolute URLs unchanged', () => {
    expect(imageUrl('http://127.0.0.1:8000/products/a.webp')).toBe('http://127.0.0.1:8000/products/a.webp');
    expect(imageUrl('https://cdn.example.com/b.jpg')).toBe('https://cdn.example.com/b.jpg');
    expect(imageUrl('data:image/jpeg;base64,AAAA')).toBe('data:image/jpeg;base64,AAAA');
  });

  it('turns a bare file name of the original backend into <origin>/products/<name>', () => {
    expect(imageUrl('products-123-cover.jpeg')).toBe(`${origin}/products/products-123-cover.jpeg`);
    expect(imageUrl('cat.png', 'categories')).toBe(`${origin}/categories/cat.png`);
  });

  it('prefixes root-relative paths with the origin and leaves missing values missing', () => {
    expect(imageUrl('/uploads/x.webp')).toBe(`${origin}/uploads/x.webp`);
    expect(imageUrl(undefined)).toBeUndefined();
    expect(imageUrl(null)).toBeUndefined();
    expect(imageUrl('')).toBeUndefined();
  });
});

describe('normalizeProduct', () => {
  it('gives ratingsAverage and ratingsQuantity 0 when the original backend leaves them out', () => {
    const { ratingsAverage: _a, ratingsQuantity: _q, ...neverReviewed } = products[1];
    const product = normalizeProduct(neverReviewed);
    expect(product.ratingsAverage).toBe(0);
    expect(product.ratingsQuantity).toBe(0);
  });

  it('makes cover and gallery images absolute and keeps the rest', () => {
    const product = normalizeProduct({
      ...products[0],
      imageCover: 'cover.jpeg',
      images: ['1.jpeg', products[0].images[0]],
    });
    expect(product.imageCover).toBe(`${origin}/products/cover.jpeg`);
    expect(product.images).toEqual([`${origin}/products/1.jpeg`, products[0].images[0]]);
    expect(product.title).toBe(products[0].title);
    expect(product.ratingsAverage).toBe(4.5);
  });
});

describe('normalizeCartResponse', () => {
  it('passes our server’s cart through', () => {
    expect(normalizeCartResponse(cart)).toEqual(cart);
  });

  it('fixes nested products of the original backend (bare images, no ratingsQuantity)', () => {
    const legacy = {
      status: 'success',
      numOfCartItems: 1,
      data: {
        _id: 'c1',
        products: [
          {
            _id: 'l1',
            count: 1,
            color: '',
            price: 100,
            product: { _id: 'p1', title: 'منتج', imageCover: 'products-1.jpeg', category: { name: 'تصنيف' } },
          },
        ],
        totalCartPrice: 100,
      },
    };
    const normalized = normalizeCartResponse(legacy);
    expect(normalized.data.products[0].product).toMatchObject({
      imageCover: `${origin}/products/products-1.jpeg`,
      ratingsAverage: 0,
      ratingsQuantity: 0,
    });
    expect(normalized.numOfCartItems).toBe(1);
  });

  it('turns an empty or missing body into the empty cart', () => {
    expect(normalizeCartResponse('')).toEqual(EMPTY_CART_RESPONSE);
    expect(normalizeCartResponse(undefined)).toEqual(EMPTY_CART_RESPONSE);
    expect(EMPTY_CART_RESPONSE).toMatchObject({ numOfCartItems: 0, data: { products: [], totalCartPrice: 0 } });
  });

  it('detects the bare product ids of the original POST /cart answer', () => {
    expect(hasUnpopulatedProducts({ data: { products: [{ product: 'p1' }] } })).toBe(true);
    expect(hasUnpopulatedProducts(cart)).toBe(false);
  });
});

describe('normalizeOrder', () => {
  it('fixes the nested order products of the original backend', () => {
    const order = normalizeOrder({
      _id: 'o1',
      id: 3,
      cartItems: [
        { _id: 'i1', count: 1, color: '', price: 5, product: { _id: 'p1', title: 'x', imageCover: 'a.jpeg' } },
      ],
    });
    expect(order.cartItems[0].product.imageCover).toBe(`${origin}/products/a.jpeg`);
    expect(order.cartItems[0].product.ratingsAverage).toBe(0);
  });

  it('derives the status history from the timestamps when the backend sends none, and keeps ours', () => {
    const times = {
      createdAt: '2024-03-28T10:15:00.000Z',
      deliveredAt: '2024-03-29T09:00:00.000Z',
      paidAt: '2024-03-30T12:00:00.000Z',
    };
    expect(normalizeOrder({ _id: 'o1', ...times })).toMatchObject({
      isCancelled: false,
      statusHistory: [
        { status: 'placed', at: times.createdAt },
        { status: 'delivered', at: times.deliveredAt },
        { status: 'paid', at: times.paidAt },
      ],
    });
    const statusHistory = [
      { status: 'placed' as const, at: times.createdAt },
      { status: 'cancelled' as const, at: times.paidAt },
    ];
    expect(normalizeOrder({ _id: 'o1', ...times, isCancelled: true, statusHistory })).toMatchObject({
      isCancelled: true,
      statusHistory,
    });
  });
});

describe('isWrongCredentials', () => {
  it('accepts our 401 and the original backend’s 500 with the same message', () => {
    expect(isWrongCredentials({ status: 401, message: 'Incorrect email or password' })).toBe(true);
    expect(isWrongCredentials({ status: 500, message: 'Incorrect email or password' })).toBe(true);
    expect(isWrongCredentials({ status: 500, message: 'Something went wrong, please try again later' })).toBe(false);
  });
});

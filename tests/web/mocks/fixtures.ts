import type {
  Brand,
  CartResponse,
  Category,
  ListResponse,
  Order,
  Product,
  ProductRef,
  User,
} from '../../../src/api/types';

// Realistic data in the shapes of API.md. Handlers answer with these; tests import them to assert.
export const API_ORIGIN = 'http://127.0.0.1:8000';

/** The timestamps every fixture carries. */
export const ts = { createdAt: '2024-03-28T10:15:00.000Z', updatedAt: '2024-03-28T10:15:00.000Z' };

export const customer: User = {
  _id: 'u-customer-1',
  name: 'أحمد علي',
  email: 'ahmed@example.eg',
  phone: '01012345678',
  role: 'user',
  ...ts,
};

export const admin: User = {
  _id: 'u-admin-1',
  name: 'مدير المتجر',
  email: 'admin@example.eg',
  phone: '01098765432',
  role: 'admin',
  ...ts,
};

export const TOKEN = 'test-token-123';

export const categories: Category[] = [
  { _id: 'cat-1', name: 'الكترونيات', slug: 'electronics', image: `${API_ORIGIN}/categories/electronics.webp`, ...ts },
  { _id: 'cat-2', name: 'ملابس رجالي', slug: 'men-clothes', image: `${API_ORIGIN}/categories/men.webp`, ...ts },
  { _id: 'cat-3', name: 'أجهزة منزلية', slug: 'home-appliances', image: `${API_ORIGIN}/categories/home.webp`, ...ts },
];

export const brands: Brand[] = [
  { _id: 'brand-1', name: 'سامسونج', slug: 'samsung', image: `${API_ORIGIN}/brands/samsung.webp`, ...ts },
  { _id: 'brand-2', name: 'أبل', slug: 'apple', image: `${API_ORIGIN}/brands/apple.webp`, ...ts },
];

export const products: Product[] = [
  {
    _id: 'prod-1',
    title: 'هاتف سامسونج جالاكسي A54',
    description: 'هاتف ذكي بشاشة 6.4 بوصة وذاكرة 128 جيجابايت',
    quantity: 12,
    sold: 40,
    price: 12500,
    priceAfterDiscount: 11999,
    availableColors: ['#000000', '#4d4d4d'],
    imageCover: `${API_ORIGIN}/products/galaxy-a54.webp`,
    images: [`${API_ORIGIN}/products/galaxy-a54-1.webp`],
    category: 'cat-1',
    subcategory: [],
    brand: 'brand-1',
    ratingsAverage: 4.5,
    ratingsQuantity: 2,
    ...ts,
  },
  {
    _id: 'prod-2',
    title: 'قميص قطن رجالي',
    description: 'قميص قطن مصري 100%',
    quantity: 30,
    sold: 5,
    price: 450,
    availableColors: [],
    imageCover: `${API_ORIGIN}/products/shirt.webp`,
    images: [],
    category: 'cat-2',
    subcategory: [],
    ratingsAverage: 0,
    ratingsQuantity: 0,
    ...ts,
  },
];

/** A product as cart lines and order items embed it. */
export function productRef(product: Product, extra: Partial<ProductRef> = {}): ProductRef {
  const { _id, title, imageCover, ratingsAverage, ratingsQuantity } = product;
  return { _id, title, imageCover, ratingsAverage, ratingsQuantity, ...extra };
}

/** The snapshot of its customer an order keeps. */
export const orderUser = (user: Pick<User, '_id' | 'name' | 'email' | 'phone'>): Order['user'] => ({
  _id: user._id,
  name: user.name,
  email: user.email,
  phone: user.phone,
});

export function listOf<T>(data: T[], limit = 50, page = 1): ListResponse<T> {
  return {
    results: data.length,
    paginationResult: { currentPage: page, limit, numberOfPages: Math.ceil(data.length / limit) },
    data: data.slice((page - 1) * limit, page * limit),
  };
}

export const cart: CartResponse = {
  status: 'success',
  numOfCartItems: 2,
  data: {
    _id: 'cart-1',
    cartOwner: customer._id,
    products: [
      {
        _id: 'line-1',
        count: 1,
        color: '#000000',
        price: 11999,
        product: productRef(products[0], {
          category: { _id: 'cat-1', name: 'الكترونيات' },
          brand: { _id: 'brand-1', name: 'سامسونج' },
        }),
      },
      {
        _id: 'line-2',
        count: 2,
        color: '',
        price: 450,
        product: productRef(products[1], { category: { _id: 'cat-2', name: 'ملابس رجالي' } }),
      },
    ],
    totalCartPrice: 12899,
  },
};

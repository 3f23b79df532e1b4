import { http, HttpResponse } from 'msw';
import { login } from '../../src/api/auth';
import { addToCart, getCart } from '../../src/api/cart';
import { EMPTY_CART_RESPONSE } from '../../src/api/normalize';
import { cart, customer, TOKEN } from './mocks/fixtures';
import { server } from './mocks/server';

beforeEach(() => localStorage.setItem('token', TOKEN));

describe('getCart', () => {
  it('returns the cart', async () => {
    expect(await getCart()).toEqual(cart);
  });

  it('treats the original backend’s 404 as an empty cart', async () => {
    server.use(
      http.get('*/api/v1/cart', () =>
        HttpResponse.json({ status: 'fail', message: 'No cart exist for this user: u1' }, { status: 404 }),
      ),
    );
    expect(await getCart()).toEqual(EMPTY_CART_RESPONSE);
  });
});

describe('addToCart', () => {
  it('re-fetches the cart when POST /cart answers bare product ids (original backend)', async () => {
    server.use(
      http.post('*/api/v1/cart', () =>
        HttpResponse.json({
          status: 'success',
          numOfCartItems: 1,
          data: { _id: 'cart-1', products: [{ _id: 'line-1', product: 'prod-1', count: 1, color: '', price: 10 }] },
        }),
      ),
    );
    expect(await addToCart('prod-1', '')).toEqual(cart);
  });
});

describe('login', () => {
  it('answers the user (only the fields the app keeps) and token', async () => {
    const { _id, name, email, phone, role } = customer;
    expect(await login({ email: customer.email, password: 'Passw0rd!' })).toEqual({
      data: { _id, name, email, phone, role },
      token: TOKEN,
    });
  });

  it('drops the password hash the original backend sends with the user', async () => {
    server.use(
      http.post('*/api/v1/auth/login', () =>
        HttpResponse.json({ data: { ...customer, password: '$2a$12$hash' }, token: TOKEN }),
      ),
    );
    const answer = await login({ email: customer.email, password: 'Passw0rd!' });
    expect(answer.data).not.toHaveProperty('password');
    expect(answer.token).toBe(TOKEN);
  });

  it.each([401, 500])('turns %i "Incorrect email or password" into a failed login', async (status) => {
    server.use(
      http.post('*/api/v1/auth/login', () =>
        HttpResponse.json({ status: 'error', message: 'Incorrect email or password', stack: '…' }, { status }),
      ),
    );
    await expect(login({ email: customer.email, password: 'wrong' })).rejects.toEqual({
      status: 401,
      message: 'كلمة السر او الايميل خطأ',
    });
  });
});

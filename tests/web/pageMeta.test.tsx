import fs from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import { admin, brands, categories, customer, products } from './mocks/fixtures';
import { renderApp, storeSession } from './utils/renderWithProviders';

// The shop's name and its description for pages without their own, written out (not read from the code under test).
const SHOP_NAME = 'متجر';
const SHOP_DESCRIPTION = 'متجر إلكتروني عربي: تسوق حسب التصنيف والماركة بأسعار بالجنيه المصري';

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');
const titled = (title: string) => waitFor(() => expect(document.title).toBe(title));

describe('page titles and descriptions', () => {
  it('index.html names the shop as the app does, so the server-filled share previews agree with it', () => {
    const html = fs.readFileSync(path.resolve('index.html'), 'utf8');
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(SHOP_NAME);
    expect(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]).toBe(SHOP_DESCRIPTION);
  });

  it('the home page is the shop itself; the cart, listings and a missing page have their own titles', async () => {
    document.title = 'قديم';
    const { router } = renderApp('/');
    await titled('متجر');
    expect(description()).toBe(SHOP_DESCRIPTION);

    await act(() => router.navigate('/cart'));
    await titled('عربة التسوق | متجر');
    await act(() => router.navigate('/allbrand'));
    await titled('كل الماركات | متجر');
    expect(description()).toBe('كل الماركات المتاحة في المتجر');
    await act(() => router.navigate('/no/such/page'));
    await titled('الصفحة غير موجودة | متجر');
    expect(description()).toBe(SHOP_DESCRIPTION);
  });

  it('a product page is named after the product and described by it; category and brand pages by their names', async () => {
    const { router } = renderApp(`/products/${products[0]._id}`);
    await screen.findByRole('heading', { name: products[0].title });
    await titled(`${products[0].title} | متجر`);
    expect(description()).toBe(products[0].description);

    await act(() => router.navigate(`/products/category/${categories[0]._id}`));
    await titled(`${categories[0].name} | متجر`);
    expect(description()).toContain(categories[0].name);
    await act(() => router.navigate(`/products/brand/${brands[0]._id}`));
    await titled(`${brands[0].name} | متجر`);
  });

  it('customer pages name themselves', async () => {
    storeSession(customer);
    const { router } = renderApp('/user/allorders');
    await titled('طلباتي | متجر');
    await act(() => router.navigate('/user/addresses'));
    await titled('العناوين | متجر');
  });

  it('admin pages share one pattern', async () => {
    storeSession(admin);
    const { router } = renderApp('/admin/allproducts');
    await titled('المنتجات - لوحة التحكم | متجر');
    await act(() => router.navigate('/admin/addbrand'));
    await titled('اضافة ماركة - لوحة التحكم | متجر');
  });
});

import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import UserFavoriteProductsPage from '../../../src/pages/user/UserFavoriteProductsPage';
import { customer, products } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderWithProviders, storeSession } from '../utils/renderWithProviders';

const renderFavourites = () => renderWithProviders(<UserFavoriteProductsPage />, { path: '/user/favoriteproducts' });

beforeEach(() => storeSession(customer));

describe('favourite products page', () => {
  it('shows the favourites as product cards', async () => {
    server.use(
      http.get('*/api/v1/wishlist', () => HttpResponse.json({ status: 'success', results: 1, data: [products[0]] })),
    );
    renderFavourites();
    expect(await screen.findByRole('link', { name: products[0].title })).toHaveAttribute(
      'href',
      `/products/${products[0]._id}`,
    );
    expect(screen.queryByText(products[1].title)).not.toBeInTheDocument();
  });

  it('says there are no favourites', async () => {
    server.use(http.get('*/api/v1/wishlist', () => HttpResponse.json({ status: 'success', results: 0, data: [] })));
    renderFavourites();
    expect(await screen.findByText('لا توجد منتجات مفضلة حاليا')).toBeInTheDocument();
  });

  it('shows the load error with a retry that loads the favourites again', async () => {
    server.use(
      http.get('*/api/v1/wishlist', () => HttpResponse.json({ status: 'error', message: 'x' }, { status: 500 }), {
        once: true,
      }),
    );
    const { user } = renderFavourites();
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('link', { name: products[0].title })).toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { categories, listOf, products } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderApp } from '../utils/renderWithProviders';

describe('home page', () => {
  it('shows the carousel, categories, best sellers, latest products, the banner and brands', async () => {
    const requested: string[] = [];
    server.use(
      http.get('*/api/v1/products', ({ request }) => {
        requested.push(new URL(request.url).search);
        return HttpResponse.json(listOf(products));
      }),
    );
    renderApp('/');

    expect(screen.getAllByText('هناك خصم كبير')).toHaveLength(4);
    expect(screen.getAllByText('خصم يصل إلى 50% على مشترياتك')).toHaveLength(4);

    const categoriesSection = screen.getByRole('heading', { name: 'التصنيفات' }).closest('section')!;
    await within(categoriesSection).findByText(categories[0].name);
    expect(within(categoriesSection).getByRole('link', { name: 'المزيد' })).toHaveAttribute('href', '/allcategory');
    expect(within(categoriesSection).getByRole('link', { name: categories[1].name })).toHaveAttribute(
      'href',
      `/products/category/${categories[1]._id}`,
    );

    const best = screen.getByRole('heading', { name: 'الاكثر مبيعا' }).closest('section')!;
    await within(best).findByText(products[0].title);
    // "المزيد" opens the listing with its own sort, never an old search word or filter.
    expect(within(best).getByRole('link', { name: 'المزيد' })).toHaveAttribute('href', '/products?sort=-sold&page=1');
    expect(requested).toContain('?sort=-sold&limit=4');
    expect(requested).toContain('?limit=4');

    const latest = screen.getByRole('heading', { name: 'احدث المنتجات' }).closest('section')!;
    expect(await within(latest).findAllByRole('link', { name: products[1].title })).not.toHaveLength(0);
    expect(within(latest).getByRole('link', { name: 'المزيد' })).toHaveAttribute('href', '/products?page=1');

    expect(screen.getByText(/خصم يصل إلى 30% على أجهزة اللابتوب/)).toBeInTheDocument();

    const brandsSection = screen.getByRole('heading', { name: 'اشهر الماركات' }).closest('section')!;
    expect(await within(brandsSection).findByRole('link', { name: 'سامسونج' })).toHaveAttribute(
      'href',
      '/products/brand/brand-1',
    );
    expect(within(brandsSection).getByRole('link', { name: 'المزيد' })).toHaveAttribute('href', '/allbrand');
  });

  it('shows only the first 5 categories and brands', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ ...categories[0], _id: `c${i}`, name: `تصنيف ${i}` }));
    server.use(
      http.get('*/api/v1/categories', () => HttpResponse.json(listOf(many))),
      http.get('*/api/v1/brands', () => HttpResponse.json(listOf(many.map((c) => ({ ...c, name: `ماركة ${c._id}` }))))),
    );
    renderApp('/');
    const categoriesSection = screen.getByRole('heading', { name: 'التصنيفات' }).closest('section')!;
    await within(categoriesSection).findByText('تصنيف 4');
    expect(within(categoriesSection).queryByText('تصنيف 5')).not.toBeInTheDocument();
    const brandsSection = screen.getByRole('heading', { name: 'اشهر الماركات' }).closest('section')!;
    await within(brandsSection).findByRole('link', { name: 'ماركة c4' });
    expect(within(brandsSection).queryByRole('link', { name: 'ماركة c5' })).not.toBeInTheDocument();
  });

  it('shows a spinner while categories load, then the error text when they fail, and loads them again on retry', async () => {
    server.use(
      http.get('*/api/v1/categories', () => HttpResponse.json({ status: 'error', message: 'x' }, { status: 500 }), {
        once: true,
      }),
    );
    const { user } = renderApp('/');
    const categoriesSection = screen.getByRole('heading', { name: 'التصنيفات' }).closest('section')!;
    expect(within(categoriesSection).getByRole('status')).toBeInTheDocument();
    expect(await within(categoriesSection).findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    await user.click(within(categoriesSection).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await within(categoriesSection).findByRole('link', { name: categories[0].name })).toBeInTheDocument();
  });

  it('says when there are no categories and no brands', async () => {
    server.use(
      http.get('*/api/v1/categories', () => HttpResponse.json(listOf([]))),
      http.get('*/api/v1/brands', () => HttpResponse.json(listOf([]))),
    );
    renderApp('/');
    expect(await screen.findByText('لا يوجد تصنيفات')).toBeInTheDocument();
    expect(await screen.findByText('لا يوجد ماركات')).toBeInTheDocument();
  });

  it('keeps the slide in place while the keyboard is on its link, so the focused link never slides away', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { container } = renderApp('/');
      const active = () =>
        [...container.querySelectorAll('.carousel-item')].findIndex((el) => el.classList.contains('active'));
      const link = screen.getByRole('link', { name: 'هناك خصم كبير خصم يصل إلى 50% على مشترياتك' });
      expect(link).toHaveAttribute('href', '/products?sort=-sold&page=1');
      act(() => link.focus());
      await act(() => vi.advanceTimersByTimeAsync(6000));
      expect(active()).toBe(0);
      expect(link).toHaveFocus();
      act(() => link.blur());
      await act(() => vi.advanceTimersByTimeAsync(2100));
      await waitFor(() => expect(active()).toBe(1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('advances the carousel every 2000 ms and lets the shopper pick a slide', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { container, user } = renderApp('/');
      const active = () =>
        [...container.querySelectorAll('.carousel-item')].findIndex((el) => el.classList.contains('active'));
      expect(active()).toBe(0);
      await act(() => vi.advanceTimersByTimeAsync(2000 - 700));
      expect(active()).toBe(0);
      await act(() => vi.advanceTimersByTimeAsync(1400));
      await waitFor(() => expect(active()).toBe(1));
      const indicators = container.querySelectorAll<HTMLButtonElement>('.carousel-indicators button');
      expect(indicators).toHaveLength(4);
      await user.click(indicators[3]);
      await act(() => vi.advanceTimersByTimeAsync(700));
      await waitFor(() => expect(active()).toBe(3));
    } finally {
      vi.useRealTimers();
    }
  });
});

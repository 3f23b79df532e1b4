import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { productQueryString } from '../../../src/api/products';
import { getStored, setStored } from '../../../src/lib/storage';
import { categories, listOf, products } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderApp } from '../utils/renderWithProviders';

/** Records the query strings of the product searches. */
function recordSearches() {
  const searches: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/products', ({ request }) => {
      const params = new URL(request.url).searchParams;
      searches.push(params);
      return HttpResponse.json({
        ...listOf(products, 8),
        results: 17,
        paginationResult: { currentPage: 1, limit: 8, numberOfPages: 3 },
      });
    }),
  );
  return searches;
}

describe('product query string', () => {
  it('follows API.md §5.6 and leaves out empty, zero and negative prices', () => {
    expect(
      productQueryString({
        sort: '+price',
        limit: 8,
        page: 2,
        keyword: ' هاتف ',
        categories: ['c1', 'c2'],
        brands: ['b1'],
        priceFrom: 100,
        priceTo: 500,
      }),
    ).toBe(
      new URLSearchParams([
        ['sort', '+price'],
        ['limit', '8'],
        ['page', '2'],
        ['keyword', 'هاتف'],
        ['category[in][]', 'c1'],
        ['category[in][]', 'c2'],
        ['brand[in][]', 'b1'],
        ['price[gt]', '100'],
        ['price[lte]', '500'],
      ]).toString(),
    );
    expect(productQueryString({ priceFrom: 0, priceTo: -5, keyword: '' })).toBe('');
    expect(productQueryString({ priceFrom: null })).toBe('');
  });
});

describe('/products listing', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the result count, the grid and a pager; a page is fetched at once', async () => {
    const searches = recordSearches();
    const { user } = renderApp('/products');
    expect(await screen.findByRole('heading', { name: '17 نتيجة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: products[0].title })).toHaveAttribute(
      'href',
      `/products/${products[0]._id}`,
    );
    expect(searches.at(-1)!.get('limit')).toBe('8');
    const pager = screen.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    await user.click(within(pager).getByRole('button', { name: /الصفحة 2/ }));
    await waitFor(() => expect(searches.at(-1)!.get('page')).toBe('2'));
  });

  it.each(['/products', '/products/category/cat-1', '/products/brand/brand-1'])(
    'on %s, holds the room of a whole page (8 cards, SPEC.md §9) while the first page loads',
    async (path) => {
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      server.use(
        http.get('*/api/v1/products', async () => {
          await answered;
          return HttpResponse.json(listOf(products, 8));
        }),
      );
      const { container } = renderApp(path);
      await waitFor(() => expect(container.querySelectorAll('main .product-card.placeholder-glow')).toHaveLength(8));
      answer();
      expect(await screen.findByRole('link', { name: products[0].title })).toBeInTheDocument();
      expect(container.querySelectorAll('main .product-card.placeholder-glow')).toHaveLength(0);
    },
  );

  it('says "more than 1000 results" when the server stopped counting a common word there', async () => {
    server.use(
      http.get('*/api/v1/products', () =>
        HttpResponse.json({
          ...listOf(products, 8),
          results: 1000,
          resultsCapped: true,
          paginationResult: { currentPage: 1, limit: 8, numberOfPages: 125, nextPage: 2 },
        }),
      ),
    );
    renderApp('/products');
    expect(await screen.findByRole('heading', { name: 'أكثر من 1,000 نتيجة' })).toBeInTheDocument();
  });

  it('says which words it searched when the server replaced a mistyped keyword, and nothing otherwise', async () => {
    let corrected: string | undefined = 'سامسونج';
    server.use(
      http.get('*/api/v1/products', () =>
        HttpResponse.json({ ...listOf(products, 8), results: 3, correctedKeyword: corrected }),
      ),
    );
    const first = renderApp('/products');
    const words = await screen.findByText('سامسونج', { selector: 'strong' });
    expect(words.closest('p')).toHaveTextContent(/^نتائج لـ «سامسونج»$/);
    first.unmount();
    corrected = undefined;
    renderApp('/products');
    expect(await screen.findByRole('heading', { name: '3 نتائج' })).toBeInTheDocument();
    expect(screen.queryByText(/نتائج لـ/)).not.toBeInTheDocument();
  });

  it('never offers a page deeper than the API serves (page × limit ≤ 10,000, API.md §2)', async () => {
    const searches: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/products', ({ request }) => {
        searches.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          ...listOf(products, 8),
          results: 100_000,
          paginationResult: { currentPage: 1, limit: 8, numberOfPages: 12_500 },
        });
      }),
    );
    const { user } = renderApp('/products');
    const pager = await screen.findByRole('navigation', { name: 'التنقل بين الصفحات' });
    expect(within(pager).queryByRole('button', { name: /الصفحة 12500/ })).not.toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: /الصفحة 1250\b/ }));
    await waitFor(() => expect(searches.at(-1)!.get('page')).toBe('1250'));
  });

  it('searches 500 ms after typing in the top bar, not before', async () => {
    const searches = recordSearches();
    const { user } = renderApp('/products');
    await screen.findByRole('heading', { name: '17 نتيجة' });
    const count = searches.length;
    await user.type(screen.getByRole('combobox', { name: 'ابحث عن منتج' }), 'هاتف');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(searches.length).toBe(count);
    await act(() => vi.advanceTimersByTimeAsync(400));
    await waitFor(() => expect(searches.length).toBe(count + 1));
    expect(searches.at(-1)!.get('keyword')).toBe('هاتف');
    expect(localStorage.getItem('searchWord')).toBe('هاتف');
  });

  it('searches 1000 ms after a filter change and keeps the filters in storage', async () => {
    const searches = recordSearches();
    const { user } = renderApp('/products');
    await screen.findByRole('heading', { name: '17 نتيجة' });
    const filter = screen.getByRole('complementary', { name: 'تصفية النتائج' });
    await user.click(await within(filter).findByRole('checkbox', { name: 'الكترونيات' }));
    await user.click(await within(filter).findByRole('checkbox', { name: 'سامسونج' }));
    await user.type(within(filter).getByLabelText('من:'), '١٠٠');
    await user.type(within(filter).getByLabelText('الى:'), '0');
    const count = searches.length;
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(searches.length).toBe(count);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(searches.length).toBe(count + 1));
    const params = searches.at(-1)!;
    expect(params.getAll('category[in][]')).toEqual(['cat-1']);
    expect(params.getAll('brand[in][]')).toEqual(['brand-1']);
    expect(params.get('price[gt]')).toBe('100');
    expect(params.has('price[lte]')).toBe(false);
    expect(getStored('catChecked')).toEqual(['cat-1']);
    expect(getStored('brandChecked')).toEqual(['brand-1']);
    expect(getStored('priceFrom')).toBe('١٠٠');
    expect(getStored('priceTo')).toBe('0');

    // 'الكل' clears the category filter.
    await user.click(within(filter).getAllByRole('checkbox', { name: 'الكل' })[0]);
    expect(within(filter).getByRole('checkbox', { name: 'الكترونيات' })).not.toBeChecked();
    expect(getStored('catChecked')).toEqual([]);
  });

  it('sorts at once from the hover menu', async () => {
    const searches = recordSearches();
    const { user } = renderApp('/products');
    await screen.findByRole('heading', { name: '17 نتيجة' });
    const count = searches.length;
    await user.hover(screen.getByRole('button', { name: /ترتيب حسب/ }));
    await user.click(await screen.findByRole('button', { name: 'الاعلى تقييما' }));
    await waitFor(() => expect(searches.length).toBe(count + 1));
    expect(searches.at(-1)!.get('sort')).toBe('-ratingsAverage');
    expect(getStored('sortType')).toBe('-ratingsAverage');
    await user.hover(screen.getByRole('button', { name: /ترتيب حسب/ }));
    await user.click(await screen.findByRole('button', { name: 'السعر من الاقل للاعلى' }));
    await waitFor(() => expect(searches.at(-1)!.get('sort')).toBe('+price'));
  });

  it('restores the search word, filters and sort from storage', async () => {
    setStored('searchWord', 'قميص');
    setStored('catChecked', ['cat-2']);
    setStored('brandChecked', []);
    setStored('priceFrom', '10');
    setStored('priceTo', '1000');
    setStored('sortType', '-price');
    const searches = recordSearches();
    renderApp('/products');
    await waitFor(() => expect(searches.length).toBeGreaterThan(0));
    const params = searches[0];
    expect(params.get('keyword')).toBe('قميص');
    expect(params.getAll('category[in][]')).toEqual(['cat-2']);
    expect(params.get('price[gt]')).toBe('10');
    expect(params.get('price[lte]')).toBe('1000');
    expect(params.get('sort')).toBe('-price');
    expect(screen.getByRole('combobox', { name: 'ابحث عن منتج' })).toHaveValue('قميص');
    expect(await screen.findByRole('checkbox', { name: 'ملابس رجالي' })).toBeChecked();
    expect(screen.getByRole('button', { name: /السعر من الاعلى للاقل/ })).toBeInTheDocument();
  });

  describe('the listing in its address', () => {
    it('"المزيد" after a search opens the listing with its own sort and no old word', async () => {
      const searches = recordSearches();
      const { user, router } = renderApp('/');
      await user.type(screen.getByRole('combobox', { name: 'ابحث عن منتج' }), 'غسالة');
      await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
      await act(() => vi.advanceTimersByTimeAsync(600));
      await waitFor(() => expect(searches.at(-1)?.get('keyword')).toBe('غسالة'));
      await act(() => router.navigate('/'));
      const best = (await screen.findByRole('heading', { name: 'الاكثر مبيعا' })).closest('section')!;
      await user.click(within(best).getByRole('link', { name: 'المزيد' }));
      await waitFor(() => expect(searches.at(-1)?.get('sort')).toBe('-sold'));
      expect(searches.at(-1)!.has('keyword')).toBe(false);
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'ابحث عن منتج' })).toHaveValue(''));
    });

    it('writes the word, filters, sort and page into the address as the shopper sets them', async () => {
      const searches = recordSearches();
      const { user, router } = renderApp('/products');
      await screen.findByRole('heading', { name: '17 نتيجة' });
      expect(router.state.location.search).toBe('?page=1');
      const filter = screen.getByRole('complementary', { name: 'تصفية النتائج' });
      await user.click(await within(filter).findByRole('checkbox', { name: 'الكترونيات' }));
      await user.hover(screen.getByRole('button', { name: /ترتيب حسب/ }));
      await user.click(await screen.findByRole('button', { name: 'الاعلى تقييما' }));
      await user.type(screen.getByRole('combobox', { name: 'ابحث عن منتج' }), 'هاتف');
      await act(() => vi.advanceTimersByTimeAsync(1100));
      await waitFor(() => expect(searches.at(-1)!.get('keyword')).toBe('هاتف'));
      const pager = screen.getByRole('navigation', { name: 'التنقل بين الصفحات' });
      await user.click(within(pager).getByRole('button', { name: /الصفحة 2/ }));
      await waitFor(() => expect(searches.at(-1)!.get('page')).toBe('2'));
      const address = new URLSearchParams(router.state.location.search);
      expect(Object.fromEntries(address)).toEqual({
        keyword: 'هاتف',
        sort: '-ratingsAverage',
        category: 'cat-1',
        page: '2',
      });
    });

    it('a shared link shows its search and page, whatever the storage holds, and fills the filter and box', async () => {
      setStored('searchWord', 'قديم');
      setStored('catChecked', ['cat-2']);
      const searches = recordSearches();
      renderApp('/products?keyword=%D9%87%D8%A7%D8%AA%D9%81&sort=-price&brand=brand-1&priceTo=5000&page=3');
      await waitFor(() => expect(searches.length).toBeGreaterThan(0));
      const params = searches[0];
      expect(params.get('keyword')).toBe('هاتف');
      expect(params.get('sort')).toBe('-price');
      expect(params.getAll('brand[in][]')).toEqual(['brand-1']);
      expect(params.has('category[in][]')).toBe(false);
      expect(params.get('price[lte]')).toBe('5000');
      expect(params.get('page')).toBe('3');
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'ابحث عن منتج' })).toHaveValue('هاتف'));
      expect(await screen.findByRole('checkbox', { name: 'سامسونج' })).toBeChecked();
      expect(searches).toHaveLength(1);
      // The filters in force show as chips above the results, each removable.
      const chips = screen.getByRole('list', { name: 'التصفية الحالية' });
      expect(within(chips).getByRole('button', { name: 'ازالة البحث: هاتف' })).toBeVisible();
      expect(within(chips).getByRole('button', { name: 'ازالة سامسونج' })).toBeVisible();
      expect(within(chips).getByRole('button', { name: 'ازالة السعر الى 5000' })).toBeVisible();
    });

    it('Back from a product opened on page 2 shows page 2 again, searched at once', async () => {
      const searches = recordSearches();
      const { user, router } = renderApp('/products');
      const pager = await screen.findByRole('navigation', { name: 'التنقل بين الصفحات' });
      await user.click(within(pager).getByRole('button', { name: /الصفحة 2/ }));
      await waitFor(() => expect(searches.at(-1)!.get('page')).toBe('2'));
      await user.click(screen.getByRole('link', { name: products[0].title }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${products[0]._id}`));
      const count = searches.length;
      await act(() => router.navigate(-1));
      await waitFor(() => expect(searches.length).toBe(count + 1));
      expect(searches.at(-1)!.get('page')).toBe('2');
      expect(router.state.location.search).toBe('?page=2');
      expect(
        within(screen.getByRole('navigation', { name: 'التنقل بين الصفحات' })).getByRole('button', {
          name: 'الصفحة 2، الصفحة الحالية',
        }),
      ).toBeInTheDocument();
    });

    it('a removed chip takes its filter out of the search and the address', async () => {
      const searches = recordSearches();
      const { user, router } = renderApp('/products?category=cat-1&page=1');
      const chip = await screen.findByRole('button', { name: 'ازالة الكترونيات' });
      await user.click(chip);
      await act(() => vi.advanceTimersByTimeAsync(1100));
      await waitFor(() => expect(searches.at(-1)!.has('category[in][]')).toBe(false));
      expect(router.state.location.search).toBe('?page=1');
      expect(screen.queryByRole('list', { name: 'التصفية الحالية' })).not.toBeInTheDocument();
    });
  });

  it('shows the error text when the search fails, and searches again on retry', async () => {
    server.use(
      http.get('*/api/v1/products', () => HttpResponse.json({ status: 'error', message: 'x' }, { status: 500 }), {
        once: true,
      }),
    );
    const { user } = renderApp('/products');
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(
      (await within(screen.getByRole('main')).findAllByRole('link', { name: products[0].title }))[0],
    ).toBeInTheDocument();
  });

  it('says so when nothing matches and offers every category instead', async () => {
    server.use(http.get('*/api/v1/products', () => HttpResponse.json(listOf([]))));
    renderApp('/products');
    const section = await screen.findByRole('region', { name: 'لا توجد نتائج' });
    expect(screen.getByRole('heading', { name: 'لا توجد نتائج', level: 1 })).toBeInTheDocument();
    const links = await within(section).findAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      categories.map((c) => [c.name, `/products/category/${c._id}`]),
    );
  });

  it('shows no count while the search is loading, then the count in Arabic plural', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/v1/products', async () => {
        await answered;
        return HttpResponse.json(listOf(products));
      }),
    );
    renderApp('/products');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('نتائج البحث');
    expect(heading.textContent).not.toMatch(/\d/);
    answer();
    expect(await screen.findByRole('heading', { name: 'نتيجتان', level: 1 })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import AdminAllProductsPage from '../../../src/pages/admin/AdminAllProductsPage';
import AdminEditProductPage from '../../../src/pages/admin/AdminEditProductPage';
import { listOf, products } from '../mocks/fixtures';
import { adminHandlers } from '../mocks/handlers/admin';
import { server } from '../mocks/server';
import { renderWithProviders } from '../utils/renderWithProviders';
import { imageStubsForEachTest } from './imageStubs';

// The owner's stock-keeping code: shown on the admin cards, searched by its own box, edited in the product form.
imageStubsForEachTest();
const withSku = { ...products[0], sku: 'QM-12' };
beforeEach(() => {
  server.use(
    ...adminHandlers,
    http.get('*/api/v1/products/prod-1', () => HttpResponse.json({ data: withSku })),
  );
});

const renderEdit = () =>
  renderWithProviders(<AdminEditProductPage />, { path: '/admin/editproduct/:id', route: '/admin/editproduct/prod-1' });

describe('admin: product SKU', () => {
  it('shows the code on the card and looks a product up by the code typed in its box', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/products', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(listOf([withSku, products[1]], 2, 1));
      }),
    );
    const { user } = renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts' });
    const card = (await screen.findByRole('heading', { name: withSku.title })).closest('article')!;
    expect(within(card).getByText(/رمز المنتج:/)).toHaveTextContent('رمز المنتج: QM-12');
    expect(asked[0].has('sku')).toBe(false);

    await user.type(screen.getByLabelText('بحث برمز المنتج (SKU)'), ' qm-١٢ ');
    await user.click(screen.getByRole('button', { name: 'بحث بالرمز' }));
    await waitFor(() => expect(asked.at(-1)!.get('sku')).toBe('qm-١٢'));
    expect(asked.at(-1)!.has('keyword')).toBe(false);
    expect(asked.at(-1)!.get('page')).toBe('1');
  });

  it('the edit form shows the code; emptying it sends "" so the server takes it off', async () => {
    let sent: FormData | undefined;
    server.use(
      http.put('*/api/v1/products/:id', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ data: products[0] });
      }),
    );
    const { user } = renderEdit();
    const sku = await screen.findByLabelText('رمز المنتج (SKU) - اختياري');
    expect(sku).toHaveValue('QM-12');
    await user.clear(sku);
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('تم التعديل بنجاح')).toBeInTheDocument();
    expect(sent!.getAll('sku')).toEqual(['']);
  });

  it('a code another product has is refused in Arabic beside the field, and the form keeps what was typed', async () => {
    server.use(
      http.put('*/api/v1/products/:id', () =>
        HttpResponse.json(
          {
            errors: [
              {
                type: 'field',
                msg: 'Another product has this sku: QM-13',
                path: 'sku',
                location: 'body',
                value: 'qm-13',
              },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderEdit();
    const sku = await screen.findByLabelText('رمز المنتج (SKU) - اختياري');
    await user.clear(sku);
    await user.type(sku, 'qm-13');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await waitFor(() => expect(sku).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('رمز المنتج QM-13 مستخدم لمنتج اخر').length).toBeGreaterThan(0);
    expect(sku).toHaveValue('qm-13');
  });
});

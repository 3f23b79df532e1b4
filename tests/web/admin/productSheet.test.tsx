import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import AdminAllProductsPage from '../../../src/pages/admin/AdminAllProductsPage';
import { listOf, products } from '../mocks/fixtures';
import { adminHandlers } from '../mocks/handlers/admin';
import { server } from '../mocks/server';
import { renderWithProviders } from '../utils/renderWithProviders';
import { imageStubsForEachTest } from './imageStubs';
import { holdUploadAt } from './uploadProgress';

// The catalogue sheet on the owner's products screen (README, API notes): export, preview, apply.
imageStubsForEachTest();

const emptyPlan = {
  counts: { rows: 0, create: 0, update: 0, unchanged: 0, refused: 0 },
  create: [],
  update: [],
  refused: [],
  newNames: { categories: [], subcategories: [], brands: [] },
  ignoredColumns: [],
};
const cleanPlan = {
  ...emptyPlan,
  counts: { rows: 3, create: 1, update: 1, unchanged: 1, refused: 0 },
  create: [{ line: 2, sku: 'QM-1', title: 'قميص قطن' }],
  update: [{ line: 3, id: products[0]._id, title: products[0].title, changes: ['price'] }],
  newNames: { categories: ['أحذية'], subcategories: [], brands: [] },
};
const refusedPlan = {
  ...emptyPlan,
  counts: { rows: 3, create: 1, update: 0, unchanged: 0, refused: 2 },
  create: [{ line: 2, title: 'قميص قطن' }],
  refused: [
    { line: 3, column: 'price', reason: 'السعر ليس رقماً', message: 'السطر 3: السعر ليس رقماً' },
    { line: 14, column: 'category', reason: 'التصنيف "أحذية" غير موجود في المتجر', message: 'السطر 14: …' },
  ],
};
const sheet = () => new File(['\uFEFFsku,title\r\nQM-1,قميص قطن\r\n'], 'منتجات.csv', { type: 'text/csv' });

let listed: URLSearchParams[];
beforeEach(() => {
  listed = [];
  server.use(
    ...adminHandlers,
    http.get('*/api/v1/products', ({ request }) => {
      listed.push(new URL(request.url).searchParams);
      return HttpResponse.json(listOf([products[0]], 1, 1));
    }),
  );
});

const renderPage = (route = '/admin/allproducts') =>
  renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts', route });

describe('admin: catalogue sheet', () => {
  it('"تصدير CSV" downloads the products the list\'s filters pick, saved as products-<date>.csv', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 26, 12, 0) });
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const asked: URLSearchParams[] = [];
    const auth: Array<string | null> = [];
    server.use(
      http.get('*/api/v1/products/export.csv', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        auth.push(request.headers.get('Authorization'));
        return new HttpResponse('\uFEFFsku,id\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      }),
    );
    localStorage.setItem('token', 'owner-token');
    try {
      const { user } = renderPage('/admin/allproducts?category=cat-1&stock=low&sort=-price');
      await screen.findByRole('heading', { name: products[0].title });
      await user.click(screen.getByRole('button', { name: 'تصدير CSV' }));
      await waitFor(() => expect(saved).toEqual(['products-2026-11-26.csv']));
      expect(Object.fromEntries(asked[0])).toEqual({
        category: 'cat-1',
        'quantity[gte]': '1',
        'quantity[lte]': '5',
        sort: '-price',
      });
      // Staff only: unlike the catalogue's reads, the sheet goes with the owner's token.
      expect(auth).toEqual(['Bearer owner-token']);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it('a sheet with refused rows shows them in Arabic with their line, and "تطبيق" stays off', async () => {
    const sent: FormData[] = [];
    server.use(
      http.post('*/api/v1/products/import/preview', async ({ request }) => {
        sent.push(await request.formData());
        return HttpResponse.json({ data: refusedPlan });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('heading', { name: products[0].title });
    await user.upload(screen.getByLabelText('استيراد'), sheet());
    const refused = await screen.findByRole('table', { name: 'الأسطر المرفوضة' });
    const rows = within(refused)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['3', 'السعر ليس رقماً'],
      ['14', 'التصنيف "أحذية" غير موجود في المتجر'],
    ]);
    expect(screen.getByText('أسطر مرفوضة: 2')).toBeInTheDocument();
    expect(screen.getByText('منتجات جديدة: 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تطبيق' })).toBeDisabled();
    expect(sent[0].get('createMissing')).toBe('false');
    expect(await (sent[0].get('file') as Blob).text()).toContain('QM-1,قميص قطن');

    // Ticking "create missing" previews the same file again, asking for them.
    server.use(
      http.post('*/api/v1/products/import/preview', async ({ request }) => {
        sent.push(await request.formData());
        return HttpResponse.json({ data: cleanPlan });
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'إنشاء التصنيفات والماركات الناقصة' }));
    expect(await screen.findByText('سيُنشأ: أحذية')).toBeInTheDocument();
    expect(sent[1].get('createMissing')).toBe('true');
    expect(screen.getByRole('button', { name: 'تطبيق' })).toBeEnabled();
  });

  it('"تطبيق" applies the previewed file, says what it did and reloads the list', async () => {
    let applied: FormData | undefined;
    server.use(
      http.post('*/api/v1/products/import/preview', () => HttpResponse.json({ data: cleanPlan })),
      http.post('*/api/v1/products/import/apply', async ({ request }) => {
        applied = await request.formData();
        return HttpResponse.json({ data: cleanPlan });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('heading', { name: products[0].title });
    await user.upload(screen.getByLabelText('استيراد'), sheet());
    const changes = await screen.findByRole('table', { name: 'المنتجات التي ستُحدّث' });
    expect(within(changes).getByRole('row', { name: `3 ${products[0].title} السعر` })).toBeInTheDocument();
    expect(screen.getByText('منتجات ستُحدّث: 1')).toBeInTheDocument();
    const before = listed.length;
    await user.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect(await screen.findByText('تم الاستيراد: 1 منتج جديد و1 منتج محدّث')).toBeInTheDocument();
    expect(await (applied!.get('file') as Blob).text()).toContain('QM-1,قميص قطن');
    await waitFor(() => expect(listed.length).toBe(before + 1));
    expect(screen.queryByRole('heading', { name: 'معاينة الاستيراد' })).not.toBeInTheDocument();
  });

  it('a large sheet shows, while it uploads, how much of it has been sent', async () => {
    const upload = holdUploadAt(0.65);
    server.use(
      http.post('*/api/v1/products/import/preview', async () => {
        await upload.answered;
        return HttpResponse.json({ data: cleanPlan });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('heading', { name: products[0].title });
    await user.upload(screen.getByLabelText('استيراد'), sheet());
    const bar = await screen.findByRole('progressbar', { name: 'تقدم رفع البيانات' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '65'));
    expect(bar).toHaveTextContent('65%');
    expect(screen.getByRole('status')).toHaveTextContent('جار قراءة الملف…');
    upload.answer();
    expect(await screen.findByText('منتجات ستُحدّث: 1')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("a file the server cannot read gets the server's Arabic reason", async () => {
    server.use(
      http.post('*/api/v1/products/import/preview', () =>
        HttpResponse.json(
          { status: 'fail', message: 'الملف ليس بترميز UTF-8: احفظه من Excel بصيغة "CSV UTF-8 (مفصول بفواصل)"' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderPage();
    await screen.findByRole('heading', { name: products[0].title });
    await user.upload(screen.getByLabelText('استيراد'), sheet());
    expect(await screen.findByText(/الملف ليس بترميز UTF-8/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تطبيق' })).not.toBeInTheDocument();
  });

  it('a ZIP of images chosen beside the sheet goes with its preview and its apply', async () => {
    const previews: FormData[] = [];
    let applied: FormData | undefined;
    server.use(
      http.post('*/api/v1/products/import/preview', async ({ request }) => {
        previews.push(await request.formData());
        return HttpResponse.json({ data: cleanPlan });
      }),
      http.post('*/api/v1/products/import/apply', async ({ request }) => {
        applied = await request.formData();
        return HttpResponse.json({ data: cleanPlan });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('heading', { name: products[0].title });
    await user.upload(screen.getByLabelText('استيراد'), sheet());
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(previews[0].has('images')).toBe(false);
    const zip = new File([new Uint8Array([0x50, 0x4b, 0x05, 0x06])], 'صور.zip', { type: 'application/zip' });
    await user.upload(screen.getByLabelText('صور المنتجات الجديدة (ملف ZIP) - اختياري'), zip);
    await waitFor(() => expect(previews).toHaveLength(2));
    expect([...new Uint8Array(await (previews[1].get('images') as Blob).arrayBuffer())]).toEqual([
      0x50, 0x4b, 0x05, 0x06,
    ]);
    await user.click(await screen.findByRole('button', { name: 'تطبيق' }));
    expect(await screen.findByText('تم الاستيراد: 1 منتج جديد و1 منتج محدّث')).toBeInTheDocument();
    expect(applied!.has('images')).toBe(true);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AuditEntry } from '../../../src/api/admin/audit';
import AdminAuditLogPage from '../../../src/pages/admin/AdminAuditLogPage';
import { admin } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderWithProviders, storeSession } from '../utils/renderWithProviders';

const manager = { _id: 'u-manager-1', name: 'منى المشرفة', role: 'manager' };
const owner = { _id: admin._id, name: admin.name, role: 'admin' };

/** Entries as GET /audit answers them (README, "API notes"). */
const entries: AuditEntry[] = [
  {
    _id: 'a-3',
    at: '2026-11-20T10:15:00.000Z',
    actor: manager,
    action: 'coupon.update',
    target: { type: 'coupon', id: 'coupon-1' },
    before: { discount: 10 },
    after: { discount: 25 },
  },
  {
    _id: 'a-2',
    at: '2026-11-19T08:00:00.000Z',
    actor: owner,
    action: 'order.paid',
    target: { type: 'order', id: 'order-1' },
    before: { isPaid: false },
    after: { isPaid: true },
  },
  {
    _id: 'a-1',
    at: '2026-11-18T08:00:00.000Z',
    actor: owner,
    action: 'user.update',
    target: { type: 'user', id: 'u-5' },
    before: { role: 'user', active: true },
    after: { role: 'manager', active: false },
  },
];

/** Answers GET /audit with `data` (3 pages of 20 when `pages`), and keeps each query sent. */
function watchAudit(data = entries, pages = 1) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get('*/api/v1/audit', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const page = Number(query.page ?? 1);
      return HttpResponse.json({
        results: pages * 20,
        paginationResult: { currentPage: page, limit: 20, numberOfPages: pages },
        data,
      });
    }),
  );
  return queries;
}

const renderPage = (route = '/admin/audit') =>
  renderWithProviders(<AdminAuditLogPage />, { path: '/admin/audit', route });

describe('admin: audit log (سجل النشاط)', () => {
  it("lists who did what, when, and each field's value before → after, in Arabic", async () => {
    storeSession(admin);
    const queries = watchAudit();
    renderPage();
    expect(screen.getByRole('heading', { name: 'سجل النشاط' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    expect(within(rows[0]).getByText('منى المشرفة')).toBeInTheDocument();
    expect(within(rows[0]).getByText('مشرف')).toBeInTheDocument();
    expect(within(rows[0]).getByText('تعديل كوبون')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('نسبة الخصم: 10 ← 25');
    expect(within(rows[0]).getByRole('link', { name: 'كوبون' })).toHaveAttribute('href', '/admin/editcoupon/coupon-1');

    expect(within(rows[1]).getByText('تأكيد دفع طلب')).toBeInTheDocument();
    expect(within(rows[1]).getByText('المالك')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('مدفوع: لا ← نعم');
    expect(within(rows[1]).getByRole('link', { name: 'طلب' })).toHaveAttribute('href', '/admin/orders/order-1');

    expect(rows[2]).toHaveTextContent('الدور: عميل ← مشرف');
    expect(rows[2]).toHaveTextContent('الحساب مفعل: نعم ← لا');
    expect(screen.getByText('عدد العمليات: 20')).toBeInTheDocument();
    expect(queries).toEqual([{ page: '1', limit: '20' }]);
  });

  it('filters by action, kind of thing, dates and who, and pages', async () => {
    storeSession(admin);
    const queries = watchAudit(entries, 3);
    const { user } = renderPage();
    await screen.findByRole('table');

    await user.selectOptions(screen.getByLabelText('الاجراء'), 'تأكيد دفع طلب');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '20', action: 'order.paid' }));
    await user.selectOptions(screen.getByLabelText('العنصر'), 'طلب');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ action: 'order.paid', targetType: 'order' }));
    await user.type(screen.getByLabelText('من تاريخ'), '2026-11-01');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ from: '2026-11-01' }));
    await user.type(screen.getByLabelText('الى تاريخ'), '2026-11-30');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ to: '2026-11-30' }));

    await user.click((await screen.findAllByRole('button', { name: 'منى المشرفة' }))[0]);
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ actor: 'u-manager-1', page: '1' }));
    expect(await screen.findByText(/نشاط منى المشرفة فقط/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'الصفحة 2' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ actor: 'u-manager-1', page: '2' }));

    await user.click(screen.getByRole('button', { name: 'مسح الفلاتر' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '20' }));
  });

  it('finds the entries of one order or product by its id', async () => {
    storeSession(admin);
    const queries = watchAudit();
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('رقم الطلب او المنتج (المعرف)'), 'order-1');
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '20', targetId: 'order-1' }));
  });

  it('tells a manager the log is their own, and says when nothing is recorded', async () => {
    storeSession({ ...admin, role: 'manager' });
    watchAudit([]);
    renderPage();
    expect(await screen.findByText('لا يوجد نشاط مسجل حتى الان')).toBeInTheDocument();
    expect(screen.getByText(/ما غيرته انت في المتجر/)).toBeInTheDocument();
  });

  it('offers a retry when the log cannot be loaded', async () => {
    storeSession(admin);
    watchAudit();
    // Added last, the failure answers first, once; the retry then gets the log.
    server.use(
      http.get('*/api/v1/audit', () => HttpResponse.json({ status: 'error' }, { status: 500 }), { once: true }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FAILURE_TEXTS } from '../../../src/lib/failures';
import AdminAddCouponPage from '../../../src/pages/admin/AdminAddCouponPage';
import AdminEditCouponPage from '../../../src/pages/admin/AdminEditCouponPage';
import type { Coupon } from '../../../src/api/types';
import { formatDate } from '../../../common/format';
import { listOf, ts } from '../mocks/fixtures';
import { adminHandlers, coupons } from '../mocks/handlers/admin';
import { server } from '../mocks/server';
import { renderWithProviders } from '../utils/renderWithProviders';

beforeEach(() => {
  server.use(...adminHandlers);
});
afterEach(() => {
  vi.useRealTimers();
});

const renderAdd = () => renderWithProviders(<AdminAddCouponPage />, { path: '/admin/addcoupon' });

async function fillCoupon(
  user: ReturnType<typeof renderAdd>['user'],
  { name = 'EID20', expire = '2031-04-10', discount = '٢٠' } = {},
) {
  if (name) await user.type(screen.getByLabelText('اسم الكوبون'), name);
  const date = screen.getByLabelText('تاريخ الانتهاء');
  if (expire) {
    await user.click(date);
    await user.type(date, expire);
  }
  if (discount) await user.type(screen.getByLabelText('نسبة الخصم (%)'), discount);
}

describe('admin: coupons list and add', () => {
  it('lists the coupons with name, expiry date, discount, edit link and delete', async () => {
    renderAdd();
    expect(screen.getByRole('status')).toBeInTheDocument();
    const card = (await screen.findByText('اسم الكوبون: SALE10')).closest('article')!;
    expect(within(card).getByText(`تاريخ الانتهاء: ${formatDate(coupons[0].expire)}`)).toBeInTheDocument();
    expect(within(card).getByText('نسبة الخصم: 10%')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'تعديل الكوبون SALE10' })).toHaveAttribute(
      'href',
      '/admin/editcoupon/coupon-1',
    );
    expect(within(card).getByRole('button', { name: 'حذف الكوبون SALE10' })).toBeInTheDocument();
    expect(screen.getByText('اسم الكوبون: RAMADAN25')).toBeInTheDocument();
  });

  it('says when there are no coupons, or when they could not be loaded', async () => {
    server.use(http.get('*/api/v1/coupons', () => HttpResponse.json(listOf([]))));
    renderAdd();
    expect(await screen.findByText('لا يوجد كوبونات حتى الان')).toBeInTheDocument();
  });

  it('shows the failure text when the list fails, and loads it again on retry', async () => {
    server.use(
      http.get('*/api/v1/coupons', () => HttpResponse.json({ message: 'x' }, { status: 500 }), { once: true }),
    );
    const { user } = renderAdd();
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('اسم الكوبون: SALE10')).toBeInTheDocument();
  });

  it('shows the expiry as a text box that becomes a date picker on focus', async () => {
    const { user } = renderAdd();
    const date = screen.getByLabelText('تاريخ الانتهاء');
    expect(date).toHaveAttribute('type', 'text');
    expect(date).toHaveAttribute('placeholder', 'تاريخ الانتهاء');
    await user.click(date);
    expect(date).toHaveAttribute('type', 'date');
    await user.tab();
    expect(date).toHaveAttribute('type', 'text');
  });

  it.each([
    ['an empty name', { name: '' }],
    ['no expiry date', { expire: '' }],
    ['a discount of 0', { discount: '0' }],
  ])('is blocked with "please complete the data" for %s', async (_, override) => {
    const posted = vi.fn();
    server.use(
      http.post('*/api/v1/coupons', () => {
        posted();
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = renderAdd();
    await fillCoupon(user, override);
    await user.click(screen.getByRole('button', { name: 'اضافة كوبون' }));
    expect(await screen.findByText('من فضلك اكمل البيانات')).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('adds a coupon (201), empties the form and loads the list again', async () => {
    const added: Coupon = { _id: 'coupon-3', name: 'EID20', expire: '2031-04-10T00:00:00.000Z', discount: 20, ...ts };
    let list = [...coupons];
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v1/coupons', () => HttpResponse.json(listOf(list))),
      http.post('*/api/v1/coupons', async ({ request }) => {
        bodies.push(await request.json());
        list = [...list, added];
        return HttpResponse.json({ data: added }, { status: 201 });
      }),
    );
    const { user } = renderAdd();
    await screen.findByText('اسم الكوبون: SALE10');
    await fillCoupon(user);
    await user.click(screen.getByRole('button', { name: 'اضافة كوبون' }));
    expect(await screen.findByText('تم اضافة الكوبون بنجاح')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'EID20', expire: '2031-04-10', discount: 20 }]);
    expect(await screen.findByText('اسم الكوبون: EID20')).toBeInTheDocument();
    expect(screen.getByLabelText('اسم الكوبون')).toHaveValue('');
  });

  it.each([
    [400, 'Duplicate field value: "EID20". Please use another value!', 'هذا الكوبون موجود من قبل'],
    [400, 'Discount must be greater than 0 and at most 100', 'نسبة الخصم يجب ان تكون اكبر من 0 ولا تزيد عن 100'],
    [400, 'Coupon expire date must be in the future', 'تاريخ الانتهاء لا يمكن ان يكون في الماضي'],
    [400, 'Invalid expire date', 'تاريخ الانتهاء غير صحيح'],
    [403, 'You are not allowed to perform this action', 'غير مسموح لك بالاضافة'],
    [400, 'Something unforeseen', 'هناك مشكلة في عملية الاضافة'],
    [500, 'Something went wrong, please try again later', FAILURE_TEXTS.server],
  ])('answers %i "%s" with "%s"', async (status, serverMessage, message) => {
    server.use(
      http.post('*/api/v1/coupons', () => HttpResponse.json({ status: 'fail', message: serverMessage }, { status })),
    );
    const { user } = renderAdd();
    await fillCoupon(user);
    await user.click(screen.getByRole('button', { name: 'اضافة كوبون' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('اسم الكوبون')).toHaveValue('EID20');
    if (message !== 'هذا الكوبون موجود من قبل') expect(screen.queryByText('هذا الكوبون موجود من قبل')).toBeNull();
  });

  it('names a discount above 100 and a past date before sending anything, and offers no past dates', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date(2031, 3, 10, 12, 0));
    const posted = vi.fn();
    server.use(
      http.post('*/api/v1/coupons', () => {
        posted();
        return HttpResponse.json({ data: coupons[0] }, { status: 201 });
      }),
    );
    const { user } = renderAdd();
    expect(screen.getByLabelText('تاريخ الانتهاء')).toHaveAttribute('min', '2031-04-10');
    await fillCoupon(user, { discount: '150' });
    await user.click(screen.getByRole('button', { name: 'اضافة كوبون' }));
    expect(await screen.findByText('نسبة الخصم يجب ان تكون اكبر من 0 ولا تزيد عن 100')).toBeInTheDocument();

    const discount = screen.getByLabelText('نسبة الخصم (%)');
    await user.clear(discount);
    await user.type(discount, '100');
    const date = screen.getByLabelText('تاريخ الانتهاء');
    await user.clear(date);
    await user.type(date, '2031-04-09');
    await user.click(screen.getByRole('button', { name: 'اضافة كوبون' }));
    expect(await screen.findByText('تاريخ الانتهاء لا يمكن ان يكون في الماضي')).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();

    // Today is still allowed: the coupon runs to the end of its expiry day.
    await user.clear(date);
    await user.type(date, '2031-04-10');
    await user.click(screen.getByRole('button', { name: 'اضافة كوبون' }));
    expect(await screen.findByText('تم اضافة الكوبون بنجاح')).toBeInTheDocument();
    expect(posted).toHaveBeenCalledTimes(1);
  });

  it('deletes a coupon after confirmation and loads the list again', async () => {
    let list = [...coupons];
    const deleted: string[] = [];
    server.use(
      http.get('*/api/v1/coupons', () => HttpResponse.json(listOf(list))),
      http.delete('*/api/v1/coupons/:id', ({ params }) => {
        deleted.push(String(params.id));
        list = list.filter((c) => c._id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderAdd();
    await user.click(await screen.findByRole('button', { name: 'حذف الكوبون SALE10' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('تأكيد الحذف')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('تم حذف الكوبون بنجاح')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('اسم الكوبون: SALE10')).toBeNull());
    expect(deleted).toEqual(['coupon-1']);
  });

  it('keeps the coupon when the deletion is cancelled or fails', async () => {
    server.use(http.delete('*/api/v1/coupons/:id', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { user } = renderAdd();
    await user.click(await screen.findByRole('button', { name: 'حذف الكوبون SALE10' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'تراجع' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'حذف الكوبون SALE10' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText(FAILURE_TEXTS.server)).toBeInTheDocument();
    expect(screen.getByText('اسم الكوبون: SALE10')).toBeInTheDocument();
  });
});

describe('admin: edit coupon', () => {
  const renderEdit = (id = 'coupon-1') =>
    renderWithProviders(<AdminEditCouponPage />, { path: '/admin/editcoupon/:id', route: `/admin/editcoupon/${id}` });

  it('is prefilled with the coupon', async () => {
    renderEdit();
    expect(await screen.findByLabelText('اسم الكوبون')).toHaveValue('SALE10');
    expect(screen.getByLabelText('تاريخ الانتهاء')).toHaveValue('2030-05-20');
    expect(screen.getByLabelText('تاريخ الانتهاء')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('نسبة الخصم (%)')).toHaveValue('10');
  });

  it('saves with PUT (200), says so and goes back to the coupons after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies: unknown[] = [];
    server.use(
      http.put('*/api/v1/coupons/:id', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: coupons[0] });
      }),
    );
    const { user, router } = renderEdit();
    const discount = await screen.findByLabelText('نسبة الخصم (%)');
    await user.clear(discount);
    await user.type(discount, '15');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('تم تعديل الكوبون بنجاح')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'SALE10', expire: '2030-05-20', discount: 15 }]);
    act(() => vi.advanceTimersByTime(900));
    expect(router.state.location.pathname).toBe('/admin/editcoupon/coupon-1');
    act(() => vi.advanceTimersByTime(150));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/addcoupon'));
  });

  it('says the edit failed otherwise, and stays', async () => {
    server.use(http.put('*/api/v1/coupons/:id', () => HttpResponse.json({ message: 'x' }, { status: 400 })));
    const { user, router } = renderEdit();
    await screen.findByLabelText('اسم الكوبون');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('فشل في عملية التعديل')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/editcoupon/coupon-1');
  });

  it('names a duplicate name and a discount above 100', async () => {
    server.use(
      http.put('*/api/v1/coupons/:id', () =>
        HttpResponse.json(
          { status: 'fail', message: 'Duplicate field value: "SALE10". Please use another value!' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderEdit();
    const discount = await screen.findByLabelText('نسبة الخصم (%)');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('هذا الكوبون موجود من قبل')).toBeInTheDocument();
    await user.clear(discount);
    await user.type(discount, '101');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('نسبة الخصم يجب ان تكون اكبر من 0 ولا تزيد عن 100')).toBeInTheDocument();
  });

  it('validates like the add form', async () => {
    const { user } = renderEdit();
    await user.clear(await screen.findByLabelText('اسم الكوبون'));
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('من فضلك اكمل البيانات')).toBeInTheDocument();
  });

  it('shows the failure text for an unknown coupon', async () => {
    renderEdit('nope');
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FAILURE_TEXTS } from '../../../src/lib/failures';
import AdminAddBrandPage from '../../../src/pages/admin/AdminAddBrandPage';
import AdminAddCategoryPage from '../../../src/pages/admin/AdminAddCategoryPage';
import AdminAddSubcategoryPage from '../../../src/pages/admin/AdminAddSubcategoryPage';
import { adminHandlers } from '../mocks/handlers/admin';
import { server } from '../mocks/server';
import { renderWithProviders } from '../utils/renderWithProviders';
import { imageFile, imageStubsForEachTest } from './imageStubs';
import { holdUploadAt } from './uploadProgress';

imageStubsForEachTest();
beforeEach(() => {
  server.use(...adminHandlers);
});

describe.each([
  {
    what: 'brand',
    Page: AdminAddBrandPage,
    path: '/admin/addbrand',
    endpoint: '*/api/v1/brands',
    nameLabel: 'اسم الماركة',
    submitLabel: 'اضافة الماركة',
    doneMs: 1000,
  },
  {
    what: 'category',
    Page: AdminAddCategoryPage,
    path: '/admin/addcategory',
    endpoint: '*/api/v1/categories',
    nameLabel: 'اسم التصنيف',
    submitLabel: 'اضافة التصنيف',
    doneMs: 500,
  },
])('admin: add $what', ({ Page, path, endpoint, nameLabel, submitLabel, doneMs }) => {
  it('needs a name and an image', async () => {
    const posted = vi.fn();
    server.use(
      http.post(endpoint, () => {
        posted();
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<Page />, { path });
    await user.click(screen.getByRole('button', { name: submitLabel }));
    expect(await screen.findByText('من فضلك اكمل البيانات')).toBeInTheDocument();
    await user.type(screen.getByLabelText(nameLabel), 'اسم جديد');
    await user.click(screen.getByRole('button', { name: submitLabel }));
    await waitFor(() => expect(screen.getAllByText('من فضلك اكمل البيانات')).toHaveLength(2));
    expect(posted).not.toHaveBeenCalled();
  });

  it(`sends name and image, shows a spinner, then the done line for ${doneMs} ms, and resets the form`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let sent: FormData | undefined;
    let answer: () => void = () => {};
    server.use(
      http.post(endpoint, async ({ request }) => {
        sent = await request.formData();
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ data: { _id: 'x', name: 'اسم جديد' } }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<Page />, { path });
    expect(screen.getAllByRole('button', { name: 'اضف صورة' })).toHaveLength(1);
    await user.upload(screen.getByLabelText('اختيار صور للخانة 1'), imageFile('logo.png'));
    expect(await screen.findByRole('img', { name: 'الصورة 1' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(nameLabel), 'اسم جديد');
    await user.click(screen.getByRole('button', { name: submitLabel }));

    expect(await screen.findByText('جاري الاضافة...')).toBeInTheDocument();
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent!.get('name')).toBe('اسم جديد');
    expect((sent!.get('image') as File).type).toBe('image/png');
    answer();

    expect(await screen.findByText('تمت عملية الاضافة بنجاح')).toBeInTheDocument();
    expect(screen.getByText('تم الانتهاء')).toBeInTheDocument();
    expect(screen.queryByText('جاري الاضافة...')).toBeNull();
    expect(screen.getByLabelText(nameLabel)).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'الصورة 1' })).toBeNull();
    act(() => vi.advanceTimersByTime(doneMs - 50));
    expect(screen.getByText('تم الانتهاء')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60));
    expect(screen.queryByText('تم الانتهاء')).toBeNull();
  });

  it.each([
    [500, 'Something went wrong, please try again later', FAILURE_TEXTS.server],
    [400, 'An unknown refusal', 'هناك مشكلة في عملية الاضافة'],
    [400, 'Duplicate field value: "مكرر". Please use another value!', 'هذا الاسم مكرر من فضلك اختر اسم اخر'],
    [413, 'File too large', 'حجم الصورة كبير جدا، الحد الاقصى 5 ميجابايت للصورة'],
    [400, 'only images allowed', 'يمكن رفع ملفات الصور فقط'],
  ])('answers %i "%s" with "%s", keeping the form', async (status, serverMessage, message) => {
    server.use(http.post(endpoint, () => HttpResponse.json({ status: 'fail', message: serverMessage }, { status })));
    const { user } = renderWithProviders(<Page />, { path });
    await user.upload(screen.getByLabelText('اختيار صور للخانة 1'), imageFile('logo.png'));
    await user.type(screen.getByLabelText(nameLabel), 'مكرر');
    await user.click(await screen.findByRole('button', { name: submitLabel }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    if (message !== 'هناك مشكلة في عملية الاضافة') expect(screen.queryByText('هناك مشكلة في عملية الاضافة')).toBeNull();
    expect(screen.getByLabelText(nameLabel)).toHaveValue('مكرر');
    expect(screen.queryByText('تم الانتهاء')).toBeNull();
  });

  it('shows how much of the upload has been sent', async () => {
    const upload = holdUploadAt(0.4);
    server.use(
      http.post(endpoint, async () => {
        await upload.answered;
        return HttpResponse.json({ data: { _id: 'x' } }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<Page />, { path });
    await user.upload(screen.getByLabelText('اختيار صور للخانة 1'), imageFile('logo.png'));
    await user.type(screen.getByLabelText(nameLabel), 'اسم');
    await user.click(screen.getByRole('button', { name: submitLabel }));
    const bar = await screen.findByRole('progressbar', { name: 'تقدم رفع البيانات' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(bar).toHaveTextContent('40%');
    upload.answer();
    expect(await screen.findByText('تمت عملية الاضافة بنجاح')).toBeInTheDocument();
  });
});

describe('admin: add subcategory', () => {
  const renderPage = () => renderWithProviders(<AdminAddSubcategoryPage />, { path: '/admin/addsubcategory' });
  let onLine: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  });

  function capturePosts(status = 201) {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/subcategories', async ({ request }) => {
        bodies.push(await request.json());
        const failure =
          status === 400
            ? { status: 'fail', message: 'Duplicate field value: "x". Please use another value!' }
            : { status: 'error', message: 'Something went wrong, please try again later' };
        return HttpResponse.json(status === 201 ? { data: { _id: 's' } } : failure, { status });
      }),
    );
    return bodies;
  }

  it('warns about the connection when the browser is offline, and sends nothing', async () => {
    const bodies = capturePosts();
    onLine.mockReturnValue(false);
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'اضافة التصنيف الفرعي' }));
    expect(await screen.findByText(FAILURE_TEXTS.offline)).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('asks for a main category first', async () => {
    const bodies = capturePosts();
    const { user } = renderPage();
    await user.type(screen.getByLabelText('اسم التصنيف الفرعي'), 'هواتف');
    await user.click(screen.getByRole('button', { name: 'اضافة التصنيف الفرعي' }));
    expect(await screen.findByText('من فضلك اختر تصنيف رئيسي', { selector: '.Toastify *' })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('warns about an empty name and still sends the request (SPEC), with no other toast after it', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/subcategories', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            errors: [
              {
                type: 'field',
                value: '',
                msg: 'must be at least 2 chars',
                path: 'name',
                param: 'name',
                location: 'body',
              },
            ],
          },
          { status: 400 },
        );
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('option', { name: 'الكترونيات' });
    await user.selectOptions(screen.getByLabelText('التصنيف الرئيسي'), 'cat-1');
    await user.click(screen.getByRole('button', { name: 'اضافة التصنيف الفرعي' }));
    const warning = await screen.findByText('من فضلك ادخل اسم التصنيف الفرعي', { selector: '.Toastify *' });
    await waitFor(() => expect(bodies).toEqual([{ name: '', category: 'cat-1' }]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'اضافة التصنيف الفرعي' })).toBeEnabled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const toasts = warning.closest('.Toastify') as HTMLElement;
    expect(within(toasts).queryByText('هذا الاسم مكرر من فضلك اختر اسم اخر')).toBeNull();
    expect(within(toasts).queryByText('يجب ان يتكون الاسم من حرفين على الاقل')).toBeNull();
  });

  it('names a refusal that is not a duplicate (too long a name)', async () => {
    server.use(
      http.post('*/api/v1/subcategories', () =>
        HttpResponse.json(
          { errors: [{ type: 'field', msg: 'Too long category name', path: 'name', param: 'name', location: 'body' }] },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderPage();
    await screen.findByRole('option', { name: 'الكترونيات' });
    await user.selectOptions(screen.getByLabelText('التصنيف الرئيسي'), 'cat-1');
    await user.type(screen.getByLabelText('اسم التصنيف الفرعي'), 'اسم طويل جدا');
    await user.click(screen.getByRole('button', { name: 'اضافة التصنيف الفرعي' }));
    expect(await screen.findByText('الاسم طويل جدا (الحد الاقصى 32 حرفا)')).toBeInTheDocument();
    expect(screen.queryByText('هذا الاسم مكرر من فضلك اختر اسم اخر')).toBeNull();
  });

  it('adds the subcategory (201) and empties the name', async () => {
    const bodies = capturePosts(201);
    const { user } = renderPage();
    await screen.findByRole('option', { name: 'ملابس رجالي' });
    await user.selectOptions(screen.getByLabelText('التصنيف الرئيسي'), 'cat-2');
    await user.type(screen.getByLabelText('اسم التصنيف الفرعي'), 'قمصان');
    await user.click(screen.getByRole('button', { name: 'اضافة التصنيف الفرعي' }));
    expect(await screen.findByText('تمت عملية الاضافة بنجاح')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'قمصان', category: 'cat-2' }]);
    expect(screen.getByLabelText('اسم التصنيف الفرعي')).toHaveValue('');
  });

  it('explains a duplicate name (400)', async () => {
    capturePosts(400);
    const { user } = renderPage();
    await screen.findByRole('option', { name: 'الكترونيات' });
    await user.selectOptions(screen.getByLabelText('التصنيف الرئيسي'), 'cat-1');
    await user.type(screen.getByLabelText('اسم التصنيف الفرعي'), 'هواتف ذكية');
    await user.click(screen.getByRole('button', { name: 'اضافة التصنيف الفرعي' }));
    expect(await screen.findByText('هذا الاسم مكرر من فضلك اختر اسم اخر')).toBeInTheDocument();
  });

  it('reports a server failure as server trouble (lib/failures.ts)', async () => {
    capturePosts(500);
    const { user } = renderPage();
    await screen.findByRole('option', { name: 'الكترونيات' });
    await user.selectOptions(screen.getByLabelText('التصنيف الرئيسي'), 'cat-1');
    await user.type(screen.getByLabelText('اسم التصنيف الفرعي'), 'شاشات');
    await user.click(screen.getByRole('button', { name: 'اضافة التصنيف الفرعي' }));
    const toast = await screen.findByText(FAILURE_TEXTS.server);
    expect(
      within(toast.closest('.Toastify') as HTMLElement).queryByText('هذا الاسم مكرر من فضلك اختر اسم اخر'),
    ).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import AdminAddBrandPage from '../../../src/pages/admin/AdminAddBrandPage';
import AdminAddCategoryPage from '../../../src/pages/admin/AdminAddCategoryPage';
import AdminAddCouponPage from '../../../src/pages/admin/AdminAddCouponPage';
import AdminAddProductPage from '../../../src/pages/admin/AdminAddProductPage';
import AdminAddSubcategoryPage from '../../../src/pages/admin/AdminAddSubcategoryPage';
import { adminHandlers } from '../mocks/handlers/admin';
import { server } from '../mocks/server';
import { renderWithProviders } from '../utils/renderWithProviders';
import { imageStubsForEachTest } from './imageStubs';

imageStubsForEachTest();
beforeEach(() => {
  server.use(...adminHandlers);
});

/** A field the form requires: the label of its control (or of its group of image slots), and what it says when empty. */
interface Required {
  label: string;
  message: string;
  /** The image slots: a group, whose first button takes the focus. */
  group?: boolean;
}

const FORMS: { what: string; Page: ComponentType; path: string; required: Required[] }[] = [
  {
    what: 'product',
    Page: AdminAddProductPage,
    path: '/admin/addproduct',
    required: [
      { label: 'صور المنتج', message: 'اضف صورة واحدة على الاقل للمنتج', group: true },
      { label: 'اسم المنتج', message: 'اكتب اسم المنتج' },
      { label: 'وصف المنتج', message: 'اكتب وصف المنتج' },
      { label: 'السعر قبل الخصم', message: 'اكتب سعر المنتج قبل الخصم' },
      { label: 'التصنيف الرئيسي', message: 'اختر التصنيف الرئيسي' },
    ],
  },
  {
    what: 'category',
    Page: AdminAddCategoryPage,
    path: '/admin/addcategory',
    required: [
      { label: 'الصورة', message: 'اختر صورة', group: true },
      { label: 'اسم التصنيف', message: 'اكتب اسم التصنيف' },
    ],
  },
  {
    what: 'brand',
    Page: AdminAddBrandPage,
    path: '/admin/addbrand',
    required: [
      { label: 'الصورة', message: 'اختر صورة', group: true },
      { label: 'اسم الماركة', message: 'اكتب اسم الماركة' },
    ],
  },
  {
    what: 'subcategory',
    Page: AdminAddSubcategoryPage,
    path: '/admin/addsubcategory',
    required: [
      { label: 'التصنيف الرئيسي', message: 'من فضلك اختر تصنيف رئيسي' },
      { label: 'اسم التصنيف الفرعي', message: 'من فضلك ادخل اسم التصنيف الفرعي' },
    ],
  },
  {
    what: 'coupon',
    Page: AdminAddCouponPage,
    path: '/admin/addcoupon',
    required: [
      { label: 'اسم الكوبون', message: 'اكتب اسم الكوبون' },
      { label: 'تاريخ الانتهاء', message: 'اختر تاريخ الانتهاء' },
      { label: 'نسبة الخصم (%)', message: 'اكتب نسبة الخصم' },
    ],
  },
];

describe.each(FORMS)('admin: an empty save of the $what form', ({ Page, path, required }) => {
  it('marks every missing field beside it, with its reason under it, and puts the focus on the first', async () => {
    const { user } = renderWithProviders(<Page />, { path });
    const save = screen.getAllByRole('button').find((b) => b.getAttribute('type') === 'submit')!;
    await user.click(save);

    for (const { label, message, group } of required) {
      const reason = await screen.findByText(message, { selector: '.invalid-feedback' });
      expect(reason).toBeVisible();
      if (group) {
        // The reason sits under the image slots, inside the block that holds them.
        const slots = screen.getByRole('group', { name: label });
        expect(slots.parentElement).toContainElement(reason);
      } else {
        const control = screen.getByLabelText(label);
        expect(control).toHaveClass('is-invalid');
        expect(control).toHaveAttribute('aria-invalid', 'true');
        expect(control).toHaveAccessibleDescription(message);
        expect(control.parentElement).toContainElement(reason);
      }
    }
    const first = required[0];
    await waitFor(() =>
      expect(
        first.group
          ? screen.getByRole('group', { name: first.label }).contains(document.activeElement)
          : screen.getByLabelText(first.label) === document.activeElement,
      ).toBe(true),
    );
  });

  it('unmarks a field once it is filled', async () => {
    const { user } = renderWithProviders(<Page />, { path });
    const save = screen.getAllByRole('button').find((b) => b.getAttribute('type') === 'submit')!;
    await user.click(save);
    const field = required.find((r) => !r.group && !/التصنيف الرئيسي|تاريخ/.test(r.label))!;
    await screen.findByText(field.message, { selector: '.invalid-feedback' });
    await user.type(screen.getByLabelText(field.label), '12');
    expect(screen.queryByText(field.message, { selector: '.invalid-feedback' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(field.label)).not.toHaveClass('is-invalid');
  });
});

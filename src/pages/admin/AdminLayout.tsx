import SideMenuLayout, { type SideMenuLink } from '../../components/layout/SideMenuLayout';

const adminMenuLinks: SideMenuLink[] = [
  { to: '/admin/allorders', label: 'ادارة الطلبات' },
  { to: '/admin/allproducts', label: 'ادارة المنتجات' },
  { to: '/admin/addbrand', label: 'اضف ماركة' },
  { to: '/admin/addcategory', label: 'اضف تصنيف' },
  { to: '/admin/addsubcategory', label: 'اضف تصنيف فرعي' },
  { to: '/admin/addproduct', label: 'اضف منتج' },
  { to: '/admin/addcoupon', label: 'اضف كوبون' },
];

export default function AdminLayout() {
  return <SideMenuLayout title="لوحة التحكم" links={adminMenuLinks} />;
}

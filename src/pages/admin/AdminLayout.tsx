import { useAppSelector } from '../../app/hooks';
import SideMenuLayout, { type SideMenuLink } from '../../components/layout/SideMenuLayout';
import { selectCurrentUser } from '../../app/userSlice';

const adminMenuLinks: Array<SideMenuLink & { ownerOnly?: boolean }> = [
  { to: '/admin', label: 'الرئيسية', end: true },
  { to: '/admin/allorders', label: 'ادارة الطلبات', sectionPrefixes: ['/admin/orders/'] },
  { to: '/admin/allproducts', label: 'ادارة المنتجات', sectionPrefixes: ['/admin/editproduct/'] },
  { to: '/admin/brands', label: 'الماركات' },
  { to: '/admin/categories', label: 'التصنيفات' },
  { to: '/admin/subcategories', label: 'التصنيفات الفرعية' },
  { to: '/admin/delivery', label: 'مناطق الشحن' },
  { to: '/admin/settings', label: 'اعدادات المتجر', ownerOnly: true },
  // Staff see the log of what they changed; the owner sees everyone's.
  { to: '/admin/audit', label: 'سجل النشاط' },
  { to: '/admin/addbrand', label: 'اضف ماركة' },
  { to: '/admin/addcategory', label: 'اضف تصنيف' },
  { to: '/admin/addsubcategory', label: 'اضف تصنيف فرعي' },
  { to: '/admin/addproduct', label: 'اضف منتج' },
  { to: '/admin/addcoupon', label: 'اضف كوبون', sectionPrefixes: ['/admin/editcoupon/'] },
];

export default function AdminLayout() {
  // The shop's settings are the owner's (role admin) alone; a manager's request would be refused.
  const isOwner = useAppSelector(selectCurrentUser)?.role === 'admin';
  const links = isOwner ? adminMenuLinks : adminMenuLinks.filter((link) => !link.ownerOnly);
  return <SideMenuLayout title="لوحة التحكم" links={links} />;
}

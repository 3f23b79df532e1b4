import SideMenuLayout, { type SideMenuLink } from './SideMenuLayout';

const userMenuLinks: SideMenuLink[] = [
  { to: '/user/allorders', label: 'ادارة الطلبات' },
  { to: '/user/favoriteproducts', label: 'المنتجات المفضلة' },
  { to: '/user/addresses', label: 'العناوين الشخصية' },
  { to: '/user/profile', label: 'الملف الشخصي' },
];

export default function UserLayout() {
  return <SideMenuLayout title="حسابي" links={userMenuLinks} />;
}

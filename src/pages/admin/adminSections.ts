import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

/** A page of the admin area that has no menu entry of its own: it belongs to the section that links to it. */
interface AdminSubpage {
  /** Its address under /admin/ (`orders/:id`); the part before the first parameter marks its section in the menu. */
  path: string;
  page: Page;
}

/** A page of the admin area with its entry in the side menu. */
export interface AdminSection extends AdminSubpage {
  /** '' is the dashboard, /admin itself. */
  label: string;
  /** The shop's own settings: the owner's (role admin) alone, so a manager's menu leaves them out. */
  ownerOnly?: boolean;
  /** Its pages without an entry (an order of the list, a product being edited). */
  subpages?: AdminSubpage[];
}

/**
 * The admin area: every page and the side menu, in the menu's order (SPEC §2: the dashboard, the lists, the shop's
 * settings and log, then the pages that add). A new section is one entry here; AdminLayout draws the menu and the
 * routes from this list. It loads with AdminLayout (admins only), and each page with its first visit.
 */
export const ADMIN_SECTIONS: AdminSection[] = [
  { path: '', label: 'الرئيسية', page: lazy(() => import('./AdminDashboardPage')) },
  {
    path: 'allorders',
    label: 'ادارة الطلبات',
    page: lazy(() => import('./AdminAllOrdersPage')),
    subpages: [{ path: 'orders/:id', page: lazy(() => import('./AdminOrderDetailsPage')) }],
  },
  {
    path: 'allproducts',
    label: 'ادارة المنتجات',
    page: lazy(() => import('./AdminAllProductsPage')),
    subpages: [{ path: 'editproduct/:id', page: lazy(() => import('./AdminEditProductPage')) }],
  },
  { path: 'brands', label: 'الماركات', page: lazy(() => import('./AdminBrandsPage')) },
  { path: 'categories', label: 'التصنيفات', page: lazy(() => import('./AdminCategoriesPage')) },
  { path: 'subcategories', label: 'التصنيفات الفرعية', page: lazy(() => import('./AdminSubcategoriesPage')) },
  { path: 'delivery', label: 'مناطق الشحن', page: lazy(() => import('./AdminDeliveryPage')) },
  { path: 'settings', label: 'اعدادات المتجر', ownerOnly: true, page: lazy(() => import('./AdminShopSettingsPage')) },
  // Staff see the log of what they changed; the owner sees everyone's.
  { path: 'audit', label: 'سجل النشاط', page: lazy(() => import('./AdminAuditLogPage')) },
  { path: 'addbrand', label: 'اضف ماركة', page: lazy(() => import('./AdminAddBrandPage')) },
  { path: 'addcategory', label: 'اضف تصنيف', page: lazy(() => import('./AdminAddCategoryPage')) },
  { path: 'addsubcategory', label: 'اضف تصنيف فرعي', page: lazy(() => import('./AdminAddSubcategoryPage')) },
  { path: 'addproduct', label: 'اضف منتج', page: lazy(() => import('./AdminAddProductPage')) },
  {
    path: 'addcoupon',
    label: 'اضف كوبون',
    page: lazy(() => import('./AdminAddCouponPage')),
    subpages: [{ path: 'editcoupon/:id', page: lazy(() => import('./AdminEditCouponPage')) }],
  },
];

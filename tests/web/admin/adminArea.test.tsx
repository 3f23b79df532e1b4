import fs from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { ADMIN_SECTIONS } from '../../../src/pages/admin/adminSections';
import { admin, customer } from '../mocks/fixtures';
import { adminHandlers } from '../mocks/handlers/admin';
import { deliveryAdminHandlers } from '../mocks/handlers/deliveryAdmin';
import { server } from '../mocks/server';
import { renderApp, storeSession } from '../utils/renderWithProviders';

/** The admin menu's entries that SPEC §2 names (with the shop's own pages: delivery zones, settings, the log). */
const SPEC_MENU = [
  '/admin',
  '/admin/allorders',
  '/admin/allproducts',
  '/admin/brands',
  '/admin/categories',
  '/admin/subcategories',
  '/admin/delivery',
  '/admin/settings',
  '/admin/audit',
  '/admin/addbrand',
  '/admin/addcategory',
  '/admin/addsubcategory',
  '/admin/addproduct',
  '/admin/addcoupon',
];

beforeEach(() => {
  server.use(...adminHandlers, ...deliveryAdminHandlers);
});

describe('admin area', () => {
  it('has the side menu of SPEC §2, in order, after the dashboard and with the catalogue lists, delivery zones and settings before the add pages', async () => {
    storeSession(admin);
    renderApp('/admin/allorders');
    await screen.findByRole('heading', { name: 'ادارة جميع الطلبات' });
    const menu = screen.getByRole('navigation', { name: 'لوحة التحكم' });
    const hrefs = within(menu)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    // Every section of the admin area's one list, in its order.
    expect(hrefs).toEqual(ADMIN_SECTIONS.map(({ path }) => (path ? `/admin/${path}` : '/admin')));
    // SPEC §2's entries among them, in this order; a later section (a new resource's list) may come in between.
    expect(hrefs.filter((href) => SPEC_MENU.includes(href!))).toEqual(SPEC_MENU);
    // The pages that add come last.
    const firstAdd = hrefs.findIndex((href) => href!.startsWith('/admin/add'));
    expect(hrefs.slice(firstAdd).every((href) => href!.startsWith('/admin/add'))).toBe(true);
  });

  it("leaves the shop's settings out of a manager's menu (they are the owner's alone)", async () => {
    storeSession({ ...admin, role: 'manager' });
    renderApp('/admin/delivery');
    const menu = await screen.findByRole('navigation', { name: 'لوحة التحكم' });
    expect(within(menu).getByRole('link', { name: 'مناطق الشحن' })).toHaveAttribute('href', '/admin/delivery');
    expect(within(menu).queryByRole('link', { name: 'اعدادات المتجر' })).toBeNull();
  });

  it.each([
    ['/admin/editproduct/prod-1', 'ادارة المنتجات'],
    ['/admin/orders/order-1', 'ادارة الطلبات'],
    ['/admin/editcoupon/coupon-1', 'اضف كوبون'],
    ['/admin/allproducts', 'ادارة المنتجات'],
    ['/admin', 'الرئيسية'],
    ['/admin/brands', 'الماركات'],
    ['/admin/delivery?tab=governorates', 'مناطق الشحن'],
  ])('highlights the section of %s in the side menu ("%s")', async (route, section) => {
    storeSession(admin);
    renderApp(route);
    const menu = await screen.findByRole('navigation', { name: 'لوحة التحكم' });
    const active = within(menu)
      .getAllByRole('link')
      .filter((link) => link.classList.contains('active'));
    expect(active.map((link) => link.textContent)).toEqual([section]);
  });

  it.each([
    '/admin/addproduct',
    '/admin/editproduct/prod-1',
    '/admin/addcoupon',
    '/admin/orders/order-1',
    '/admin/addsubcategory',
  ])('sends a customer from %s to /login', async (route) => {
    storeSession(customer);
    const { router } = renderApp(route);
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

// Admin code must stay in admin chunks: only admin modules may import it (the store and the
// storefront import nothing from it), so the bundler cannot pull it into a shopper's page.
describe('admin code isolation', () => {
  const srcDir = path.resolve(__dirname, '../../../src');
  // A feature's admin-only components live in its admin/ folder (features/orders/admin/…).
  const featureAdminDirs = fs
    .readdirSync(path.join(srcDir, 'features'))
    .map((feature) => path.join('features', feature, 'admin'))
    .filter((dir) => fs.existsSync(path.join(srcDir, dir)));
  const adminDirs = ['pages/admin', 'components/admin', 'api/admin', ...featureAdminDirs].map((dir) =>
    path.join(srcDir, dir),
  );
  const adminOnly =
    /from ['"](react-image-crop|react-color)|from ['"][./]*(components|api|features\/[^/'"]+)\/admin\/|from ['"]\.\.?\/admin\/|from ['"][./]*pages\/admin\//;

  function sourceFiles(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
    });
  }

  it('no module outside the admin folders imports admin modules, react-image-crop or react-color', () => {
    const offenders = sourceFiles(srcDir)
      .filter((file) => !adminDirs.some((dir) => file.startsWith(dir + path.sep)))
      .filter((file) => file !== path.join(srcDir, 'app', 'routes.tsx'))
      .filter((file) => adminOnly.test(fs.readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(srcDir, file))).toEqual([]);
  });

  it('routes.tsx loads the admin pages lazily only', () => {
    const routes = fs.readFileSync(path.join(srcDir, 'app', 'routes.tsx'), 'utf8');
    expect(routes).not.toMatch(/^import [^\n]*pages\/admin\//m);
    expect(routes).toMatch(/lazy\(\(\) => import\('\.\.\/pages\/admin\/AdminLayout'\)\)/);
  });
});

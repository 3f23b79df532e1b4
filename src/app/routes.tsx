import { lazy, Suspense, type ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
} from 'react-router-dom';
import RootLayout from './RootLayout';
import { SHOP_PAGES } from '../content/pages';
import RouteErrorPage from '../components/layout/RouteErrorPage';
import UserLayout from '../components/layout/UserLayout';
import NotFound from '../components/NotFound';
import Spinner from '../components/Spinner';
import { criteriaFromParams, hasListingParams, pageFromParams } from '../features/products/listingUrl';
import {
  fetchProductDetails,
  fetchProductList,
  productSearchQuery,
  storedSearchCriteria,
} from '../features/products/productsSlice';
import HomePage from '../pages/storefront/HomePage';
import { RequireAdmin, RequireUser } from './guards';
import type { AppDispatch } from './store';

// Every page but the home page is its own chunk (React.lazy). The guards render before the lazy
// pages of their group, so admin code is only downloaded by admins.
const LoginPage = lazy(() => import('../pages/storefront/LoginPage'));
const RegisterPage = lazy(() => import('../pages/storefront/RegisterPage'));
const ForgetPasswordPage = lazy(() => import('../pages/storefront/ForgetPasswordPage'));
const VerifyCodePage = lazy(() => import('../pages/storefront/VerifyCodePage'));
const ResetPasswordPage = lazy(() => import('../pages/storefront/ResetPasswordPage'));
const AllCategoryPage = lazy(() => import('../pages/storefront/AllCategoryPage'));
const AllBrandPage = lazy(() => import('../pages/storefront/AllBrandPage'));
const CategoryProductsPage = lazy(() => import('../pages/storefront/CategoryProductsPage'));
const BrandProductsPage = lazy(() => import('../pages/storefront/BrandProductsPage'));
const CartPage = lazy(() => import('../pages/storefront/CartPage'));
const PayMethodPage = lazy(() => import('../pages/storefront/PayMethodPage'));
const ShopInfoPage = lazy(() => import('../pages/storefront/ShopInfoPage'));

const UserAllOrdersPage = lazy(() => import('../pages/user/UserAllOrdersPage'));
const UserOrderDetailsPage = lazy(() => import('../pages/user/UserOrderDetailsPage'));
const UserFavoriteProductsPage = lazy(() => import('../pages/user/UserFavoriteProductsPage'));
const UserAddressesPage = lazy(() => import('../pages/user/UserAddressesPage'));
const UserAddAddressPage = lazy(() => import('../pages/user/UserAddAddressPage'));
const UserEditAddressPage = lazy(() => import('../pages/user/UserEditAddressPage'));
const UserProfilePage = lazy(() => import('../pages/user/UserProfilePage'));
// The invoice, one screen for the customer's copy and the owner's.
const InvoiceScreen = lazy(() => import('../features/orders/InvoiceScreen'));

const AdminLayout = lazy(() => import('../pages/admin/AdminLayout'));

// The listing and the product page, the storefront's largest paints after the home page, are loaded by the router
// (route.lazy) rather than by React.lazy: the router waits for their code (which the HTML has already preloaded) before
// it draws them, so no Suspense fallback is shown first; React keeps a fallback on screen for at least 300 ms
// (FALLBACK_THROTTLE_MS) once it has been shown, which held back the page's first photo by that much.
const pageModule = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

// The two slowest pages to first paint start their data read in their route's loader (the read's `ahead`), so it
// travels while the page chunk downloads; the page's own read of the same data then takes it (app/request.ts). The
// loaders never wait: they return at once, and the page keeps loading its data itself as before.
const prefetchRoute = (prefetch: (args: LoaderFunctionArgs) => void) => ({
  loader: (args: LoaderFunctionArgs) => {
    prefetch(args);
    return null;
  },
  // Only on arriving at the page: a page already shown (same path) does not reload its data.
  shouldRevalidate: ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) => currentUrl.pathname !== nextUrl.pathname,
  // Shown for the instant the loader takes on the first load (the same spinner as the lazy page's).
  hydrateFallbackElement: <Spinner />,
});

/**
 * The route table (SPEC §2) of the store whose `dispatch` is given; main.tsx wraps it in a browser router, tests in a
 * memory router.
 */
export function createRoutes(dispatch: AppDispatch): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          // Errors inside a page show the fallback within the layout, so the top bar stays usable.
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'login', element: <LoginPage /> },
            { path: 'register', element: <RegisterPage /> },
            { path: 'user/forget-password', element: <ForgetPasswordPage /> },
            { path: 'user/verify-code', element: <VerifyCodePage /> },
            { path: 'user/reset-password', element: <ResetPasswordPage /> },
            { path: 'allcategory', element: <AllCategoryPage /> },
            { path: 'allbrand', element: <AllBrandPage /> },
            {
              path: 'products',
              lazy: pageModule(() => import('../pages/storefront/ProductsPage')),
              // The listing's first search, built as useProductSearch builds it: from the address, else the stored filters.
              ...prefetchRoute(({ request }) => {
                const params = new URL(request.url).searchParams;
                const criteria = hasListingParams(params) ? criteriaFromParams(params) : storedSearchCriteria();
                const query = productSearchQuery(criteria, pageFromParams(params));
                void dispatch(fetchProductList.ahead({ key: 'search', query }));
              }),
            },
            {
              path: 'products/:id',
              lazy: pageModule(() => import('../pages/storefront/ProductDetailsPage')),
              ...prefetchRoute(({ params }) => {
                if (params.id) void dispatch(fetchProductDetails.ahead(params.id));
              }),
            },
            { path: 'products/category/:id', element: <CategoryProductsPage /> },
            { path: 'products/brand/:id', element: <BrandProductsPage /> },
            { path: 'cart', element: <CartPage /> },
            { path: 'order/paymethoud', element: <PayMethodPage /> },
            // The footer's pages (/terms, /privacy, /contact).
            ...SHOP_PAGES.map(({ path }) => ({ path: path.slice(1), element: <ShopInfoPage /> })),
            {
              path: 'user',
              element: <RequireUser />,
              children: [
                {
                  element: <UserLayout />,
                  children: [
                    { path: 'allorders', element: <UserAllOrdersPage /> },
                    { path: 'orders/:id', element: <UserOrderDetailsPage /> },
                    { path: 'favoriteproducts', element: <UserFavoriteProductsPage /> },
                    { path: 'addresses', element: <UserAddressesPage /> },
                    { path: 'add-address', element: <UserAddAddressPage /> },
                    { path: 'edit-address/:id', element: <UserEditAddressPage /> },
                    { path: 'profile', element: <UserProfilePage /> },
                  ],
                },
              ],
            },
            {
              // The admin pages and their menu come with the admin layout (pages/admin/adminSections.ts), which
              // routes /admin and every address below it.
              path: 'admin',
              element: <RequireAdmin />,
              children: [
                { index: true, element: <AdminLayout /> },
                { path: '*', element: <AdminLayout /> },
              ],
            },
            // Any other address: the not-found page inside the layout (not a routing error).
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
    {
      // The invoice stands alone, without the shop's bars, so that it prints (or saves as PDF) by itself.
      path: '/user/orders/:id/invoice',
      element: <RequireUser />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          index: true,
          element: (
            <Suspense fallback={<Spinner />}>
              <InvoiceScreen area="user" />
            </Suspense>
          ),
        },
      ],
    },
    {
      // The owner's copy of an order's invoice, alone on its page like the customer's.
      path: '/admin/orders/:id/invoice',
      element: <RequireAdmin />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          index: true,
          element: (
            <Suspense fallback={<Spinner />}>
              <InvoiceScreen area="admin" />
            </Suspense>
          ),
        },
      ],
    },
  ];
}

export function createAppRouter(dispatch: AppDispatch) {
  return createBrowserRouter(createRoutes(dispatch));
}

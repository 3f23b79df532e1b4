import { Suspense } from 'react';
import { Outlet, ScrollRestoration, type Location } from 'react-router-dom';
import Spinner from '../components/Spinner';
import Footer from '../components/layout/Footer';
import TopBar from '../components/layout/TopBar';
import CartLink from '../features/cart/CartLink';
import CategoryStrip from '../features/category/CategoryStrip';
import DemoShopNotice from '../features/checkOut/DemoShopNotice';
import { selectShopInfo } from './shopSlice';
import { useAppSelector } from './hooks';
import SearchBox from '../features/products/SearchBox';
import UserMenu from '../features/user/UserMenu';

// Where to put a page back when it is shown again. Pages reached within the shop have a key of their own. A page loaded
// by the browser has React Router's one key 'default': it is kept under its address instead, so a reload or the
// browser's Back returns to the place, while a new load (a link from elsewhere, the return from a payment page) starts at
// the top, as a new page does, instead of where another load of the address was left. The router asks for the
// place to open at first, once.
let openingNewLoad =
  (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'navigate';
function scrollKey(location: Location) {
  if (location.key !== 'default') return location.key;
  if (openingNewLoad) {
    openingNewLoad = false;
    return 'new-load';
  }
  return `${location.pathname}${location.search}`;
}

// The shell of every storefront page: it composes the shared bars with the features' pieces, as a page does.
export default function RootLayout() {
  const { demo } = useAppSelector(selectShopInfo);
  return (
    <div className="d-flex flex-column min-vh-100">
      {/* A landmark of its own, so all the page's content is in one (axe 'region'); hidden, and empty, in a real shop. */}
      <aside aria-label="متجر تجريبي" hidden={!demo}>
        <DemoShopNotice />
      </aside>
      <TopBar searchBox={<SearchBox />} cartLink={<CartLink />} userMenu={<UserMenu />} />
      <CategoryStrip />
      <main className="container flex-grow-1 py-3 min-vh-100">
        {/* Pages are lazily loaded: the bars stay while a page's code arrives. */}
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

import { Suspense } from 'react';
import { Outlet, ScrollRestoration, type Location } from 'react-router-dom';
import Spinner from '../components/Spinner';
import Footer from '../components/layout/Footer';
import TopBar from '../components/layout/TopBar';
import CartLink from '../features/cart/CartLink';
import CategoryStrip from '../features/category/CategoryStrip';
import DemoShopNotice from '../features/checkOut/DemoShopNotice';
import { selectShopInfo } from '../features/checkOut/checkOutSlice';
import { useAppSelector } from './hooks';
import SearchBox from '../features/products/SearchBox';
import UserMenu from '../features/user/UserMenu';

// Where to put a page back when it is shown again. Every page loaded afresh (a link from elsewhere, the return from a
// payment page) has React Router's key 'default', so they would share one place and a new load would open where another
// page was left: each load gets a key of its own, and a page loaded afresh starts at its top.
const scrollKey = (location: Location) =>
  location.key === 'default' ? `load-${performance.timeOrigin}` : location.key;

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

import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import Spinner from '../Spinner';
import CategoryStrip from './CategoryStrip';
import Footer from './Footer';
import TopBar from './TopBar';

export default function RootLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <TopBar />
      <CategoryStrip />
      <main className="container flex-grow-1 py-3 min-vh-100">
        {/* Pages are lazily loaded: the bars stay while a page's code arrives. */}
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

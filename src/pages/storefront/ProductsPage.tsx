import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useAppSelector } from '../../app/hooks';
import Paginator from '../../components/Paginator';
import ProductGrid from '../../features/products/ProductGrid';
import NoSearchResults from '../../features/products/NoSearchResults';
import ActiveFilters from '../../features/products/ActiveFilters';
import SideFilter from '../../features/products/SideFilter';
import SortDropdown from '../../features/products/SortDropdown';
import { PRODUCTS_PAGE_SIZE, selectProductList } from '../../features/products/productsSlice';
import { useProductSearch } from '../../features/products/useProductSearch';
import { resultsLabel } from '../../lib/plural';
import { usePageMeta } from '../../lib/usePageMeta';

/** /products: search word of the top bar, side filter, sort, grid and pager. */
export default function ProductsPage() {
  usePageMeta({ title: 'المنتجات', description: 'تصفح كل المنتجات وابحث فيها حسب التصنيف والماركة والسعر' });
  const { page, goToPage, retry } = useProductSearch();
  // On phones the filter folds away behind a button so the products come first.
  const [filterOpen, setFilterOpen] = useState(false);
  const { items, results, resultsCapped, numberOfPages, status, correctedKeyword } = useAppSelector((state) =>
    selectProductList(state, 'search'),
  );

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 my-3">
        <h1 className="h5 m-0" aria-live="polite">
          {/* The count only once this search has answered: never the previous search's count, nor 0 while loading. */}
          {/* A common word is counted up to 1,000 by the server, which then says so. */}
          {status === 'succeeded' ? (
            `${resultsCapped ? 'أكثر من ' : ''}${resultsLabel(results)}`
          ) : (
            <span className="placeholder-glow">
              {status !== 'failed' && <span className="placeholder" style={{ width: '6em' }} aria-hidden="true" />}
              <span className="visually-hidden">نتائج البحث</span>
            </span>
          )}
        </h1>
        <SortDropdown />
      </div>
      {/* The server searched similar words of the shop instead of a mistyped keyword: say which. */}
      {status === 'succeeded' && correctedKeyword && (
        <p className="mb-3" role="status">
          نتائج لـ «<strong>{correctedKeyword}</strong>»
        </p>
      )}
      <Row className="g-3">
        <Col xs={12} md={3}>
          <Button
            variant="outline-secondary"
            size="sm"
            className="d-md-none mb-2"
            aria-expanded={filterOpen}
            aria-controls="side-filter"
            onClick={() => setFilterOpen((open) => !open)}
          >
            تصفية النتائج
          </Button>
          <div id="side-filter" className={filterOpen ? '' : 'd-none d-md-block'}>
            <SideFilter />
          </div>
        </Col>
        <Col xs={12} md={9}>
          <ActiveFilters />
          {status === 'succeeded' && items.length === 0 && results === 0 ? (
            <NoSearchResults />
          ) : (
            <ProductGrid
              products={items}
              status={status}
              eager
              onRetry={retry}
              placeholders={PRODUCTS_PAGE_SIZE}
              cardHeading="h2"
            />
          )}
          <Paginator pageCount={numberOfPages} currentPage={page} onPageChange={goToPage} />
        </Col>
      </Row>
    </>
  );
}

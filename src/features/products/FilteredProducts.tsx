import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Id } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import LoadError from '../../components/LoadError';
import NotFound from '../../components/NotFound';
import Paginator from '../../components/Paginator';
import ProductGrid from './ProductGrid';
import Spinner from '../../components/Spinner';
import { usePageMeta } from '../../lib/usePageMeta';
import { pageFromParams } from './listingUrl';
import { fetchProductList, PRODUCTS_PAGE_SIZE, selectProductList } from './productsSlice';
import { useFilterOwner } from './useFilterOwner';

interface FilteredProductsProps {
  /** Products of one category or one brand. */
  by: 'category' | 'brand';
  id: Id;
}

const TEXTS = {
  category: {
    heading: 'منتجات تصنيف',
    missing: 'هذا التصنيف غير موجود',
    description: (name: string) => `تسوق منتجات تصنيف ${name} بأسعار بالجنيه المصري`,
  },
  brand: {
    heading: 'منتجات ماركة',
    missing: 'هذه الماركة غير موجودة',
    description: (name: string) => `تسوق منتجات ماركة ${name} بأسعار بالجنيه المصري`,
  },
};

/** /products/category/{id} and /products/brand/{id}: the category's or brand's products, 8 a page, with a pager. */
export default function FilteredProducts({ by, id }: FilteredProductsProps) {
  const { owner, retry } = useFilterOwner(by, id);
  const named = owner.state === 'found' ? owner.name : undefined;
  usePageMeta(
    named
      ? { title: named, description: TEXTS[by].description(named) }
      : { title: owner.state === 'missing' ? TEXTS[by].missing : undefined },
  );
  if (owner.state === 'missing')
    return <NotFound title={TEXTS[by].missing} text="ربما تغير الرابط او تم حذفها، تصفح باقي المنتجات." />;
  if (owner.state === 'failed') return <LoadError onRetry={retry} />;
  if (owner.state === 'loading') return <Spinner />;
  return <OwnerProducts by={by} id={id} name={owner.name} />;
}

function OwnerProducts({ by, id, name }: FilteredProductsProps & { name: string }) {
  const dispatch = useAppDispatch();
  const key = by === 'category' ? 'byCategory' : 'byBrand';
  // The page is in the address (`?page=2`), so Back, a reload and a shared link keep it; another category or brand
  // is another address, starting from its first page.
  const [params, setParams] = useSearchParams();
  const pageNumber = pageFromParams(params);
  const { items, status, numberOfPages } = useAppSelector((state) => selectProductList(state, key));

  const load = useCallback(
    () => void dispatch(fetchProductList({ key, query: { limit: PRODUCTS_PAGE_SIZE, page: pageNumber, [by]: id } })),
    [dispatch, key, by, id, pageNumber],
  );
  useEffect(load, [load]);

  return (
    <>
      <h1 className="h4 my-3">
        {TEXTS[by].heading} {name}
      </h1>
      <ProductGrid products={items} status={status} onRetry={load} placeholders={PRODUCTS_PAGE_SIZE} cardHeading="h2" />
      <Paginator
        pageCount={numberOfPages}
        currentPage={pageNumber}
        onPageChange={(number) => setParams({ page: String(number) })}
      />
    </>
  );
}

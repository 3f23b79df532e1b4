import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ProductQuery } from '../../api/products';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { parseNumberInput } from '../../lib/digits';
import { DELAYS } from '../../lib/delays';
import { fetchProductList, selectProductFilters, selectSearchWord, type ProductFilters } from './productsSlice';

/** Page size of the product grids (listing, category and brand pages). */
export const PRODUCTS_PAGE_SIZE = 8;

type Criteria = ProductFilters & { searchWord: string };

/**
 * How long to wait before searching with `next` (SPEC §4): a sort choice at once, a filter change
 * after 1000 ms, typing after 500 ms; null when nothing that matters changed.
 */
function refreshDelay(prev: Criteria, next: Criteria): number | null {
  if (prev.sortType !== next.sortType) return 0;
  if (
    prev.catChecked.join() !== next.catChecked.join() ||
    prev.brandChecked.join() !== next.brandChecked.join() ||
    prev.priceFrom !== next.priceFrom ||
    prev.priceTo !== next.priceTo
  ) {
    return DELAYS.filterRefresh;
  }
  if (prev.searchWord !== next.searchWord) return DELAYS.searchRefresh;
  return null;
}

function toQuery(criteria: Criteria, page: number): ProductQuery {
  return {
    sort: criteria.sortType,
    limit: PRODUCTS_PAGE_SIZE,
    page,
    keyword: criteria.searchWord,
    categories: criteria.catChecked,
    brands: criteria.brandChecked,
    priceFrom: parseNumberInput(criteria.priceFrom),
    priceTo: parseNumberInput(criteria.priceTo),
  };
}

/** Runs the /products search: at once on arrival, then after each change with SPEC's delays. */
export function useProductSearch() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectProductFilters);
  const searchWord = useAppSelector(selectSearchWord);
  const criteria = useMemo(() => ({ ...filters, searchWord }), [filters, searchWord]);
  const [page, setPage] = useState(1);
  // The criteria of the last search made; changes are measured against it.
  const applied = useRef<Criteria | null>(null);

  useEffect(() => {
    const delay = applied.current === null ? 0 : refreshDelay(applied.current, criteria);
    if (delay === null) return;
    const timer = setTimeout(() => {
      applied.current = criteria;
      setPage(1);
      void dispatch(fetchProductList({ key: 'search', query: toQuery(criteria, 1) }));
    }, delay);
    return () => clearTimeout(timer);
  }, [criteria, dispatch]);

  const goToPage = useCallback(
    (next: number) => {
      setPage(next);
      if (applied.current) void dispatch(fetchProductList({ key: 'search', query: toQuery(applied.current, next) }));
    },
    [dispatch],
  );

  return { page, goToPage };
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DELAYS } from '../../lib/delays';
import {
  fetchProductList,
  productSearchQuery,
  selectProductFilters,
  selectSearchWord,
  type SearchCriteria,
} from './productsSlice';

/**
 * How long to wait before searching with `next` (SPEC §4): a sort choice at once, a filter change
 * after 1000 ms, typing after 500 ms; null when nothing that matters changed.
 */
function refreshDelay(prev: SearchCriteria, next: SearchCriteria): number | null {
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

/** Runs the /products search: at once on arrival, then after each change with SPEC's delays. */
export function useProductSearch() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectProductFilters);
  const searchWord = useAppSelector(selectSearchWord);
  const criteria = useMemo(() => ({ ...filters, searchWord }), [filters, searchWord]);
  const [page, setPage] = useState(1);
  // The criteria of the last search made; changes are measured against it.
  const applied = useRef<SearchCriteria | null>(null);

  useEffect(() => {
    const delay = applied.current === null ? 0 : refreshDelay(applied.current, criteria);
    if (delay === null) return;
    const timer = setTimeout(() => {
      applied.current = criteria;
      setPage(1);
      void dispatch(fetchProductList({ key: 'search', query: productSearchQuery(criteria, 1) }));
    }, delay);
    return () => clearTimeout(timer);
  }, [criteria, dispatch]);

  const goToPage = useCallback(
    (next: number) => {
      setPage(next);
      if (applied.current)
        void dispatch(fetchProductList({ key: 'search', query: productSearchQuery(applied.current, next) }));
    },
    [dispatch],
  );

  return { page, goToPage };
}
